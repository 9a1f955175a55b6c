# buf.padding_zero: the bytes after a copy, to the next 8, read as zero
-- mem
ff ff ff ff ff ff ff ff
-- asm
ldc r1, 0x2000
movi r2, 3
call r1, copyin, r1, 2
ldm8 r3, [r1]
ret r3
-- result
0xffffff
