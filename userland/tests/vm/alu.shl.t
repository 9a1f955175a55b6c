# alu.shl
-- asm
ldc r1, 1
ldc r2, 63
shl r3, r1, r2
ret r3
-- result
0x8000000000000000
