# reject.agg_llquantize_past_value: llquantize(x, 10, 0, 1, 30) has 38
# buckets and put 99 in bucket 39: before DTrace's rules were checked the
# image loaded and the update wrote past the value (vm_test's llquantize
# check runs these parameters against the bucket clamp)
-- aggs
llquantize 10 0 1 30
-- asm
movi r1, 99
agg @0, r0, r1
ret r0
-- error
EINVAL must evenly divide a power of the factor
