# subr.link_ntop_ether: the 6 bytes of an Ethernet address at a kernel
# address, two hexadecimal digits each, colon-separated
-- mem
02 08 20 ac 04 0e ff ff
-- recsize
256
-- asm
movi r1, 1
ldc r2, 0x1000
call r3, link_ntop, r1, 2
emits r3, 0
ret r0
-- record
30 32 3a 30 38 3a 32 30 3a 61 63 3a 30 34 3a 30 65 00
