# alu.not
-- asm
movi r1, 0
not r2, r1
ret r2
-- result
-1
