# agg.lquantize
-- aggs
lquantize 0 100 10
-- asm
movi r1, -1
agg @0, r0, r1
movi r1, 0
agg @0, r0, r1
movi r1, 55
agg @0, r0, r1
movi r1, 100
agg @0, r0, r1
ret r0
-- agg
@0 = 0:1 1:1 6:1 11:1
