# subr.inet_ntop_v4: AF_INET
-- mem
c0 a8 00 ff
-- recsize
256
-- asm
movi r1, 2
ldc r2, 0x1000
call r3, inet_ntop, r1, 2
mov r2, r3
emits r2, 0
ret r0
-- record
31 39 32 2e 31 36 38 2e 30 2e 32 35 35 00
