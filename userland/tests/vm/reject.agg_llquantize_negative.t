# reject.agg_llquantize_negative: a negative parameter is a huge unsigned one
-- aggs
llquantize 10 -1 6 10
-- asm
ret r0
-- error
EINVAL argument #2 (low magnitude) must be an unsigned 16-bit
