# reject.agg_str_key
-- aggs
count keys=str
-- asm
movi r1, 5
agg @0, r1, r0
ret r0
-- error
EACCES r1 is not a string
