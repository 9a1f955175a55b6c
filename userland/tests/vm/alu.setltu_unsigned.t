# alu.setltu_unsigned
-- asm
ldc r1, -1
ldc r2, 1
setltu r3, r1, r2
ret r3
-- result
0
