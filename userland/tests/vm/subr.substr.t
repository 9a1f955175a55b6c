# subr.substr
-- recsize
256
-- asm
lds r1, "coconut"
movi r2, 2
movi r3, 3
call r4, substr, r1, 3
emits r4, 0
ret r0
-- record
63 6f 6e 00
