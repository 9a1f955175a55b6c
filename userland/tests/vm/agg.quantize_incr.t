# agg.quantize_incr
-- aggs
quantize incr
-- asm
movi r1, 4
movi r2, 10
agg @0, r0, r1
ret r0
-- agg
@0 = 66:10
