# subr.inet_ntop_one_group: DTrace compresses a single zero group too
-- mem
00 01 00 00 00 02 00 03 00 04 00 05 00 06 00 07
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
31 3a 3a 32 3a 33 3a 34 3a 35 3a 36 3a 37 00
