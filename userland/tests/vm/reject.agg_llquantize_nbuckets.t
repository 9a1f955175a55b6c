# reject.agg_llquantize_nbuckets: valid for DTrace, but 786433 buckets
-- aggs
llquantize 2 0 60 32768
-- asm
ret r0
-- error
E2BIG buckets, at most 65536
