# agg.stack_key: stack components are taken at the probe, no register
-- aggs
count keys=kstack:4,int
-- asm
movi r2, 7
agg @0, r1, r0
ret r0
-- result
0
