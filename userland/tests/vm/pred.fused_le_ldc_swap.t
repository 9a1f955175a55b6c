# pred.fused_le_ldc_swap: a predicate the kernel fuses (sonde_fastpred_find()),
# checked against the interpreter in userland and run fused in the guest
-- args
0 4294967297 0 0 0 0 0 0 0 0
-- pred
ldc r2, 0x100000000
ldb r1, arg1
setle r1, r2, r1
ret r1
-- result
1
