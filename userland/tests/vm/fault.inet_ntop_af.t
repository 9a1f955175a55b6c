# fault.inet_ntop_af: a family other than AF_INET and AF_INET6 is an illegal operation
-- mem
7f 00 00 01
-- asm
movi r1, 3
ldc r2, 0x1000
call r3, inet_ntop, r1, 2
ret r0
-- fault
illegal operation at 2 addr 0x3
