# reject.agg_llquantize_overflow
-- aggs
llquantize 10 0 30 10
-- asm
ret r0
-- error
E2BIG overflows 64 bits
