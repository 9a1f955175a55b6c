# alu.udiv
-- asm
ldc r1, 0xfffffffffffffff0
ldc r2, 16
udiv r3, r1, r2
ret r3
-- result
0x0fffffffffffffff
