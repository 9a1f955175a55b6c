# fault.partial_read
-- mem
01 02
-- asm
ldc r1, 0x1001
ldk4 r2, [r1]
ret r2
-- fault
invalid address at 1
