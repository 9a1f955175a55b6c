# buf.mov_keeps_type: a moved buffer register is still a buffer
-- mem
2a
-- asm
ldc r1, 0x2000
movi r2, 1
call r1, copyin, r1, 2
mov r5, r1
ldm1 r3, [r5]
ret r3
-- result
42
