# subr.rand_differs
-- asm
call r1, rand, r0, 0
call r2, rand, r0, 0
setne r3, r1, r2
ret r3
-- result
1
