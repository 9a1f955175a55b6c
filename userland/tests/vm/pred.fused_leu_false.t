# pred.fused_leu_false: a predicate the kernel fuses (sonde_fastpred_find()),
# checked against the interpreter in userland and run fused in the guest
-- args
0 0 9 0 0 0 0 0 0 0
-- pred
ldb r4, arg2
movi r5, 8
setleu r6, r4, r5
ret r6
-- result
0
