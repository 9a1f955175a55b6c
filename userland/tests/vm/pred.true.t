# pred.true
-- pred
ldb r1, pid
movi r2, 1234
seteq r3, r1, r2
ret r3
-- result
1
