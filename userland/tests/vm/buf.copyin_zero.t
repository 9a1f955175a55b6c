# buf.copyin_zero: copyin(p, 0) is an empty buffer (reads no memory)
-- asm
movi r1, 0
movi r2, 0
call r1, copyin, r1, 2
ldm8 r3, [r1]
ret r3
-- result
0
