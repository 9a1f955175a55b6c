# subr.link_ntop_infiniband: the 20 bytes of an InfiniBand address
-- mem
10 11 12 13 14 15 16 17 18 19 1a 1b 1c 1d 1e 1f 20 21 22 23
-- recsize
256
-- asm
movi r1, 32
ldc r2, 0x1000
call r3, link_ntop, r1, 2
emits r3, 0
ret r0
-- record
31 30 3a 31 31 3a 31 32 3a 31 33 3a 31 34 3a 31 35 3a 31 36 3a 31 37 3a 31 38 3a 31 39 3a 31 61 3a 31 62 3a 31 63 3a 31 64 3a 31 65 3a 31 66 3a 32 30 3a 32 31 3a 32 32 3a 32 33 00
