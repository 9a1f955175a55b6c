# fault.copyinstr_badaddr
-- recsize
256
-- asm
movi r1, 0
call r2, copyinstr, r1, 1
emits r2, 0
ret r0
-- fault
invalid address at 1 addr 0x0
