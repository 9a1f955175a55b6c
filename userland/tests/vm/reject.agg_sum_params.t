# reject.agg_sum_params
-- aggs
sum 5
-- asm
ret r0
-- error
EINVAL sum() takes no parameters
