# subr.inet_ntop_loopback: ::1 is not IPv4-compatible
-- mem
00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 01
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
3a 3a 31 00
