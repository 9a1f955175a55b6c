# subr.copyinstr_len
-- mem
68 69 6a 6b 00
-- recsize
256
-- asm
ldc r1, 0x2000
movi r2, 2
call r3, copyinstr, r1, 2
emits r3, 0
ret r0
-- record
68 69 00
