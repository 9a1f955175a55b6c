# branch.ja
-- asm
movi r1, 1
ja +1
movi r1, 2
ret r1
-- result
1
