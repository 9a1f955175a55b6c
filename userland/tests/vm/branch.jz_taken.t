# branch.jz_taken
-- asm
movi r1, 0
jz r1, +1
movi r1, 5
ret r1
-- result
0
