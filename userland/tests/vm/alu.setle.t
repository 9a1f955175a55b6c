# alu.setle
-- asm
ldc r1, 2
ldc r2, 2
setle r3, r1, r2
ret r3
-- result
1
