# alu.setlt_signed
-- asm
ldc r1, -1
ldc r2, 1
setlt r3, r1, r2
ret r3
-- result
1
