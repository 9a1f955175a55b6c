# subr.bcopy: kernel memory into an alloca() buffer
-- mem
01 02 03 04 05 06 07 08
-- asm
movi r1, 8
call r5, alloca, r1, 1
ldc r1, 0x1000
mov r2, r5
movi r3, 4
call r6, bcopy, r1, 3
ldm8 r7, [r5 + 0]
ret r7
-- result
67305985
