# reject.agg_key_regs
-- aggs
count keys=int,int
-- asm
agg @0, r15, r0
ret r0
-- error
EINVAL key registers
