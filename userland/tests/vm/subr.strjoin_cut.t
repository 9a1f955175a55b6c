# subr.strjoin_cut
-- opts
strsize=8
-- recsize
8
-- asm
lds r1, "abcde"
lds r2, "fghij"
call r3, strjoin, r1, 2
emits r3, 0
ret r0
-- record
61 62 63 64 65 66 67 00
