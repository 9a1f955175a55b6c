# agg.jstack_key: a jstack component is taken at the probe, no register
-- aggs
count keys=int,jstack:4:64
-- asm
movi r1, 7
agg @0, r1, r0
ret r0
-- result
0
