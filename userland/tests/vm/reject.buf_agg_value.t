# reject.buf_agg_value: a buffer as an aggregated value
-- aggs
sum
-- asm
movi r1, 0
movi r2, 4
call r1, copyin, r1, 2
agg @0, r0, r1
ret r0
-- error
EACCES r1 may be a buffer
