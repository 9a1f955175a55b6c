# pred.fused_truth: a predicate the kernel fuses (sonde_fastpred_find()),
# checked against the interpreter in userland and run fused in the guest
-- args
0 0 0 5 0 0 0 0 0 0
-- pred
ldb r1, arg3
ret r1
-- result
5
