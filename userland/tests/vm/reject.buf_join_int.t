# reject.buf_join_int: ... nor a number: it may hold a kernel address
-- mem
01
-- recsize
8
-- asm
ldc r1, 0x2000
movi r2, 1
ldb r4, arg0
jz r4, +1
call r1, copyin, r1, 2
emit8 r1, 0
ret r0
-- error
EACCES r1 may be a buffer
