# subr.dirname_a__b
-- recsize
256
-- asm
lds r1, "a//b"
call r2, dirname, r1, 1
emits r2, 0
ret r0
-- record
61 00
