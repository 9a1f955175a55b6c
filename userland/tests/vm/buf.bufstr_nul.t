# buf.bufstr_nul: stringof() of a buffer stops at a NUL inside it
-- mem
68 69 00 78 79
-- recsize
8
-- opts
strsize=8
-- asm
ldc r1, 0x2000
movi r2, 5
call r1, copyin, r1, 2
call r1, bufstr, r1, 1
emits r1, 0
ret r0
-- record
68 69 00 00 00 00 00 00
