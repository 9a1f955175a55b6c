# reject.agg_llquantize_magrange: DTrace wants high > low
-- aggs
llquantize 10 3 3 10
-- asm
ret r0
-- error
EINVAL must be greater than low magnitude
