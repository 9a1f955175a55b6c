# lockdown.bcopy: bcopy() reads kernel memory
-- lockdown
confidentiality
-- asm
movi r1, 8
call r5, alloca, r1, 1
ldc r1, 0x1000
mov r2, r5
movi r3, 4
call r6, bcopy, r1, 3
ret r0
-- error
EPERM insn 5: bcopy() reads kernel memory
