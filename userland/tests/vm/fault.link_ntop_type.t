# fault.link_ntop_type: a link type other than ARPHRD_ETHER and
# ARPHRD_INFINIBAND is an illegal operation
-- mem
00 01 02 03 04 05
-- asm
movi r1, 2
ldc r2, 0x1000
call r3, link_ntop, r1, 2
ret r0
-- fault
illegal operation at 2 addr 0x2
