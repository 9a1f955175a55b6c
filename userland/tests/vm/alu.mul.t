# alu.mul
-- asm
ldc r1, -3
ldc r2, 7
mul r3, r1, r2
ret r3
-- result
-21
