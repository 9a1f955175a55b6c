# fault.divzero_urem
-- asm
movi r1, 5
urem r2, r1, r3
ret r2
-- fault
divide-by-zero at 1
