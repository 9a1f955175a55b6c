# subr.strjoin_fits: strsize - 1 characters still fit
-- opts
strsize=8
-- recsize
8
-- asm
lds r1, "abcd"
lds r2, "efg"
call r3, strjoin, r1, 2
emits r3, 0
ret r0
-- record
61 62 63 64 65 66 67 00
