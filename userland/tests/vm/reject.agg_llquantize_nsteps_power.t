# reject.agg_llquantize_nsteps_power: llquantize(x, 10, 0, 6, 30), which the
# image verifier once accepted: 10 divides 30 but no power of 10 is a
# multiple of 30, so a magnitude's 30 buckets of width 3 do not tile it
# and 99 landed in bucket 39, one of the next magnitude's; with high 1
# (10 0 1 30) bucket 39 lay past the 38-bucket value and an update wrote
# beyond the aggregation entry in the kernel
-- aggs
llquantize 10 0 6 30
-- asm
movi r1, 99
agg @0, r0, r1
ret r0
-- error
EINVAL must evenly divide a power of the factor
