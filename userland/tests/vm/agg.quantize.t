# agg.quantize
-- aggs
quantize
-- asm
movi r1, 0
agg @0, r0, r1
movi r1, 1
agg @0, r0, r1
movi r1, 3
agg @0, r0, r1
movi r1, 1000
agg @0, r0, r1
movi r1, -5
agg @0, r0, r1
ret r0
-- agg
@0 = 60:1 63:1 64:1 65:1 73:1
