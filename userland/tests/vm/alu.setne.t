# alu.setne
-- asm
ldc r1, 3
ldc r2, 4
setne r3, r1, r2
ret r3
-- result
1
