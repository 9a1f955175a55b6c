# subr.inet_ntoa6_mapped: an IPv4-mapped address: its dotted quad alone
-- mem
00 00 00 00 00 00 00 00 00 00 ff ff 0a 00 00 02
-- recsize
256
-- asm
ldc r1, 0x1000
call r2, inet_ntoa6, r1, 1
emits r2, 0
ret r0
-- record
31 30 2e 30 2e 30 2e 32 00
