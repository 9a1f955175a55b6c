# fault.divzero_sdiv
-- asm
movi r1, 5
sdiv r2, r1, r3
ret r2
-- fault
divide-by-zero at 1 addr 0x0
