# agg.llquantize
-- aggs
llquantize 10 0 2 10
-- asm
movi r1, 0
agg @0, r0, r1
movi r1, 5
agg @0, r0, r1
movi r1, 55
agg @0, r0, r1
movi r1, 550
agg @0, r0, r1
movi r1, 5000
agg @0, r0, r1
ret r0
-- agg
@0 = 0:1 5:1 14:1 23:1 28:1
