# alu.or
-- asm
ldc r1, 0xff00
ldc r2, 0x0ff0
or r3, r1, r2
ret r3
-- result
0xfff0
