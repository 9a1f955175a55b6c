# alu.shl_masked
-- asm
ldc r1, 1
ldc r2, 65
shl r3, r1, r2
ret r3
-- result
2
