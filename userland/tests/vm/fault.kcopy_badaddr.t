# fault.kcopy_badaddr: a kernel copy that runs past readable memory
# faults at the first word it cannot read
-- mem
01 02 03 04 05 06 07 08 09 0a 0b
-- asm
ldc r1, 0x1000
movi r2, 20
call r1, kcopy, r1, 2
ret r0
-- fault
invalid address at 2 addr 0x1008
