# branch.jnz
-- asm
movi r1, 3
jnz r1, +1
movi r1, 5
ret r1
-- result
3
