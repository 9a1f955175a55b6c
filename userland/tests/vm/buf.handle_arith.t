# buf.handle_arith: pointer arithmetic on a handle is integer arithmetic
# on its offset: handle - 1 + 3 names the buffer's byte 2
-- mem
11 22 33 44 55 66 77 88
-- asm
ldc r1, 0x2000
movi r2, 8
call r1, copyin, r1, 2
btoh r3, r1
movi r4, -1
add r3, r3, r4
movi r4, 3
add r3, r3, r4
htob r6, r3
ldm1 r7, [r6]
ret r7
-- result
0x33
