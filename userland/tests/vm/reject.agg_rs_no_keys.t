# reject.agg_rs_no_keys
-- aggs
count
-- asm
agg @0, r3, r0
ret r0
-- error
EINVAL unused field rs must be zero (no keys)
