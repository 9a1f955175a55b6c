# alu.lnot
-- asm
movi r1, 7
lnot r2, r1
lnot r3, r2
add r4, r2, r3
ret r4
-- result
1
