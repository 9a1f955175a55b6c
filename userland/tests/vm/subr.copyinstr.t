# subr.copyinstr
-- mem
68 69 00 41
-- recsize
256
-- asm
ldc r1, 0x2000
call r2, copyinstr, r1, 1
emits r2, 0
ret r0
-- record
68 69 00
