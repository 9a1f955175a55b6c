# string.scmp_strsize_cut
-- opts
strsize=8
-- asm
lds r1, "abcdefghX"
lds r2, "abcdefghY"
scmp r3, r1, r2
ret r3
-- result
0
