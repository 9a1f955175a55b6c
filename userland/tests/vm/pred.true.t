# pred.true
-- pred
ldb r1, pid
ldb r2, tid
seteq r3, r1, r2
ret r3
-- result
1
