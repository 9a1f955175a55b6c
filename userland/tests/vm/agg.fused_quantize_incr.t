# agg.fused_quantize_incr: `@ = quantize(arg2, arg3)`, fused
# (sonde_fastact_find()): the value and the weight from built-ins
-- args
0 0 5 3 0 0 0 0 0 0
-- aggs
quantize incr
-- asm
ldb r1, arg2
ldb r2, arg3
agg @0, r0, r1
ret r0
-- agg
@0 = 66:3
