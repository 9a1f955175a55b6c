# fault.copyout_outside: copyout() past the user memory it may write
-- opts
destructive=1
-- mem
01 02 03 04
-- asm
ldc r1, 0x2000
movi r2, 4
call r1, copyin, r1, 2
ldc r2, 0x2002
movi r3, 4
call r4, copyout, r1, 3
ret r0
-- fault
invalid address at 5 addr 0x2002
