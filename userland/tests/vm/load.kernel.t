# load.kernel
-- mem
01 02 03 04 05 06 07 08 09
-- asm
ldc r1, 0x1000
ldk1 r2, [r1+1]
ldk2 r3, [r1]
ldk4 r4, [r1+4]
ldk8 r5, [r1+1]
add r6, r2, r3
ret r5
-- result
0x0908070605040302
