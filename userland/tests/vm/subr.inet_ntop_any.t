# subr.inet_ntop_any: all zero
-- mem
00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
-- recsize
256
-- asm
movi r1, 10
ldc r2, 0x1000
call r3, inet_ntop, r1, 2
mov r2, r3
emits r2, 0
ret r0
-- record
3a 3a 00
