# fault.ldm_before: a buffer moved before the scratch area faults
-- mem
01
-- asm
ldc r1, 0x2000
movi r2, 1
call r1, copyin, r1, 2
movi r2, -1
badd r1, r1, r2
ldm1 r3, [r1]
ret r0
-- fault
invalid address at 5 addr 0xffffffffffffffff
