# buf.pred: copyin() and stringof() of a buffer in a predicate
-- mem
79 65 73 00
-- pred
ldc r1, 0x2000
movi r2, 4
call r1, copyin, r1, 2
call r1, bufstr, r1, 1
call r1, strlen, r1, 1
ret r1
-- result
3
