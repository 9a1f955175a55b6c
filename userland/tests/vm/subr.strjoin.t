# subr.strjoin
-- recsize
256
-- asm
lds r1, "foo"
lds r2, "bar"
call r3, strjoin, r1, 2
emits r3, 0
ret r0
-- record
66 6f 6f 62 61 72 00
