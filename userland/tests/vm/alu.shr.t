# alu.shr
-- asm
ldc r1, 0x8000000000000000
ldc r2, 63
shr r3, r1, r2
ret r3
-- result
1
