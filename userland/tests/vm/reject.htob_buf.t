# reject.htob_buf: htob takes a handle, an integer, not a buffer
-- mem
11
-- asm
ldc r1, 0x2000
movi r2, 1
call r1, copyin, r1, 2
htob r3, r1
ret r0
-- error
EACCES r1 is not an integer on every path
