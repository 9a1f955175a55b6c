# fault.copyin_partial: a copy that runs off the readable memory faults
-- mem
01 02 03 04
-- asm
ldc r1, 0x2002
movi r2, 4
call r1, copyin, r1, 2
ret r0
-- fault
invalid address at 2 addr 0x2002
