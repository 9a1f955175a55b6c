# fault.divzero_srem
-- asm
movi r1, 5
srem r2, r1, r3
ret r2
-- fault
divide-by-zero at 1
