# reject.agg_range
-- aggs
count
-- asm
agg @2, r0, r0
ret r0
-- error
EINVAL aggregation 2 out of range
