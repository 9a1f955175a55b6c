# subr.strjoin_cut: a join that does not fit strsize with its NUL is cut
# there, as Linux dtrace's (illumos' was out of scratch space)
-- opts
strsize=8
-- recsize
8
-- asm
lds r1, "abcd"
lds r2, "efgh"
call r3, strjoin, r1, 2
emits r3, 0
ret r0
-- record
61 62 63 64 65 66 67 00
