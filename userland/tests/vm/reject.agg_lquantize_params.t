# reject.agg_lquantize_params
-- aggs
lquantize 10 0 1
-- asm
ret r0
-- error
EINVAL invalid lquantize() parameters
