# alu.neg
-- asm
movi r1, 5
neg r2, r1
ret r2
-- result
-5
