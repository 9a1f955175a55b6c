# reject.agg_count_rt
-- aggs
count
-- asm
agg @0, r0, r3
ret r0
-- error
EINVAL unused field rt must be zero (count)
