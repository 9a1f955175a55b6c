# buf.copyin_ldm: copyin() into scratch, then loads of 1, 2, 4, 8 bytes
-- mem
01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 10 ff
-- recsize
32
-- asm
ldc r1, 0x2000
movi r2, 16
call r1, copyin, r1, 2
ldm1 r3, [r1]
emit8 r3, 0
ldm2 r3, [r1+1]
emit8 r3, 8
ldm4 r3, [r1+4]
emit8 r3, 16
ldm8 r3, [r1+8]
emit8 r3, 24
ret r0
-- record
01 00 00 00 00 00 00 00 02 03 00 00 00 00 00 00
05 06 07 08 00 00 00 00 09 0a 0b 0c 0d 0e 0f 10
