# subr.inet_ntop_two_runs: of two runs of two zero groups, DTrace's byte count picks the later
-- mem
20 01 0d b8 00 00 00 00 00 01 00 00 00 00 00 01
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
32 30 30 31 3a 64 62 38 3a 30 3a 30 3a 31 3a 3a 31 00
