# subr.copyinstr_maxlen_huge: (size_t)-1 means no limit but strsize
-- mem
68 69 00
-- recsize
256
-- asm
ldc r1, 0x2000
movi r2, -1
call r3, copyinstr, r1, 2
emits r3, 0
ret r0
-- record
68 69 00
