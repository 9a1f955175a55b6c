# alu.sub
-- asm
ldc r1, 5
ldc r2, 7
sub r3, r1, r2
ret r3
-- result
-2
