# subr.strlen_cut: strings are at most strsize - 1 characters
-- opts
strsize=8
-- asm
lds r1, "helloworld"
call r2, strlen, r1, 1
ret r2
-- result
7
