# pred.fused_ne_swap: a predicate the kernel fuses (sonde_fastpred_find()),
# checked against the interpreter in userland and run fused in the guest
-- args
7 0 0 0 0 0 0 0 0 0
-- pred
movi r2, 7
ldb r1, arg0
setne r3, r2, r1
ret r3
-- result
0
