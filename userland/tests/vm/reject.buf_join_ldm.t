# reject.buf_join_ldm: a buffer on one path only is not a buffer
-- mem
01
-- asm
ldc r1, 0x2000
movi r2, 1
ldb r4, arg0
jz r4, +1
call r1, copyin, r1, 2
ldm1 r3, [r1]
ret r3
-- error
EACCES r1 is not a buffer on every path
