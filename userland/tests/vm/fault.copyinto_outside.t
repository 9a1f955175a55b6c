# fault.copyinto_outside: the destination must be used scratch
-- mem
01 02 03 04
-- asm
movi r1, 4
call r1, alloca, r1, 1
movi r2, 64
badd r3, r1, r2
ldc r1, 0x2000
movi r2, 4
call r4, copyinto, r1, 3
ret r0
-- fault
invalid address at 6
