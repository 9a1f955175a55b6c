# subr.substr_neg
-- recsize
256
-- asm
lds r1, "coconut"
movi r2, -3
call r4, substr, r1, 2
emits r4, 0
ret r0
-- record
6e 75 74 00
