# fault.badaddr_user
-- asm
ldc r1, 0xdead0000
ldu4 r2, [r1-4]
ret r2
-- fault
invalid address at 1 addr 0xdeacfffc
