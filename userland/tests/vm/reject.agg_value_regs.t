# reject.agg_value_regs: quantize(x, incr) needs rt and rt + 1
-- aggs
quantize incr
-- asm
agg @0, r0, r15
ret r0
-- error
EINVAL value registers r15..r16 out of range
