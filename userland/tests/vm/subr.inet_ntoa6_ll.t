# subr.inet_ntoa6_ll: RFC 1884 with one '::'
-- mem
ff 02 00 00 00 00 00 00 00 00 00 00 00 00 00 01
-- recsize
256
-- asm
ldc r1, 0x1000
call r2, inet_ntoa6, r1, 1
emits r2, 0
ret r0
-- record
66 66 30 32 3a 3a 31 00
