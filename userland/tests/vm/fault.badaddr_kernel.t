# fault.badaddr_kernel
-- mem
01
-- asm
movi r1, 16
ldk8 r2, [r1+8]
ret r2
-- fault
invalid address at 1 addr 0x18
