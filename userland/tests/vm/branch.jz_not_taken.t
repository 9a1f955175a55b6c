# branch.jz_not_taken
-- asm
movi r1, 3
jz r1, +1
movi r1, 5
ret r1
-- result
5
