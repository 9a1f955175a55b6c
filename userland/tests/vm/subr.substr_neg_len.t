# subr.substr_neg_len
-- recsize
256
-- asm
lds r1, "coconut"
movi r2, 1
movi r3, -2
call r4, substr, r1, 3
emits r4, 0
ret r0
-- record
6f 63 6f 6e 00
