# agg.fused_count: `@ = count()`, an actions program the kernel fuses
# (sonde_fastact_find()): checked against the interpreter in userland,
# run fused in the guest
-- aggs
count
-- asm
agg @0, r0, r0
ret r0
-- agg
@0 = 1
