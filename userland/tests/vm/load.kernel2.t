# load.kernel2
-- mem
01 02 03 04
-- asm
ldc r1, 0x1000
ldk2 r2, [r1+2]
ret r2
-- result
0x0403
