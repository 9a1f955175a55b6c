# subr.uargs: an argument vector read as one string, its NULs spaces and
# the trailing NUL and blanks cut (pr_psargs)
-- mem
2f 62 69 6e 2f 73 68 00 2d 63 00 78 00 00
-- recsize
16
-- opts
strsize=16
-- asm
ldc r1, 0x2000
movi r2, 14
call r1, uargs, r1, 2
emits r1, 0
ret r0
-- record
2f 62 69 6e 2f 73 68 20 2d 63 20 78 00 00 00 00
