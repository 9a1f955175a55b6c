# fault.copyin_badaddr: copyin() of an unmapped address faults
-- asm
movi r1, 16
movi r2, 4
call r1, copyin, r1, 2
ret r0
-- fault
invalid address at 2 addr 0x10
