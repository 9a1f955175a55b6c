# agg.llquantize: buckets are signed around the zero bucket (28 here:
# |value| < 10^0), the magnitudes of positive values above it
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
@0 = 28:1 33:1 42:1 51:1 56:1
