# pred.fused_lt_signed: a predicate the kernel fuses (sonde_fastpred_find()),
# checked against the interpreter in userland and run fused in the guest
-- args
-1 0 0 0 0 0 0 0 0 0
-- pred
ldb r1, arg0
movi r2, 0
setlt r3, r1, r2
ret r3
-- result
1
