# subr.inet_ntoa: the dotted quad of 4 bytes of kernel memory
-- mem
7f 00 00 01
-- recsize
256
-- asm
ldc r1, 0x1000
call r2, inet_ntoa, r1, 1
emits r2, 0
ret r0
-- record
31 32 37 2e 30 2e 30 2e 31 00
