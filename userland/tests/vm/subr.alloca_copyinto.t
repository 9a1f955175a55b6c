# subr.alloca_copyinto: zeroed scratch, then user memory copied into it
-- mem
01 02 03 04
-- asm
movi r1, 8
call r1, alloca, r1, 1
ldm8 r4, [r1 + 0]
ldc r2, 0x2000
movi r3, 4
mov r5, r1
mov r1, r2
mov r2, r3
mov r3, r5
call r6, copyinto, r1, 3
ldm4 r7, [r5 + 0]
add r7, r7, r4
ret r7
-- result
67305985
