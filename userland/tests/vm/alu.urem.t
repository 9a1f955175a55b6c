# alu.urem
-- asm
ldc r1, 21
ldc r2, 4
urem r3, r1, r2
ret r3
-- result
1
