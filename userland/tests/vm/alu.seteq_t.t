# alu.seteq_t
-- asm
ldc r1, 3
ldc r2, 3
seteq r3, r1, r2
ret r3
-- result
1
