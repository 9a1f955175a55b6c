# fault.bufstr_outside: stringof() of a buffer moved out of scratch
-- mem
01
-- asm
ldc r1, 0x2000
movi r2, 1
call r1, copyin, r1, 2
movi r2, 4096
badd r1, r1, r2
call r1, bufstr, r1, 1
ret r0
-- fault
invalid address at 5 addr 0x1000
