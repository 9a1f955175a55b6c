# reject.buf_agg_key: a buffer as an integer aggregation key
-- aggs
count keys=int
-- asm
movi r1, 0
movi r2, 4
call r1, copyin, r1, 2
agg @0, r1, r0
ret r0
-- error
EACCES r1 may be a buffer
