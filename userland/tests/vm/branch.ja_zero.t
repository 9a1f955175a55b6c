# branch.ja_zero
-- asm
movi r1, 4
ja +0
ret r1
-- result
4
