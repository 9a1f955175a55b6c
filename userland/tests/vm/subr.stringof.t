# subr.stringof
-- mem
6b 00
-- recsize
256
-- asm
ldc r1, 0x1000
call r2, stringof, r1, 1
emits r2, 0
ret r0
-- record
6b 00
