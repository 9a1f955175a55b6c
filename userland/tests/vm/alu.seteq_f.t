# alu.seteq_f
-- asm
ldc r1, 3
ldc r2, 4
seteq r3, r1, r2
ret r3
-- result
0
