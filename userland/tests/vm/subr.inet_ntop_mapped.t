# subr.inet_ntop_mapped: inet_ntop() keeps the IPv6 prefix
-- mem
00 00 00 00 00 00 00 00 00 00 ff ff 0a 00 00 02
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
3a 3a 66 66 66 66 3a 31 30 2e 30 2e 30 2e 32 00
