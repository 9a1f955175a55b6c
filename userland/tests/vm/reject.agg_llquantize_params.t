# reject.agg_llquantize_params
-- aggs
llquantize 10 0 2 15
-- asm
ret r0
-- error
EINVAL invalid llquantize() parameters
