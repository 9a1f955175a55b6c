# fault.lltostr_base
-- asm
movi r1, 5
movi r2, 99
call r3, lltostr, r1, 2
ret r0
-- fault
illegal operation at 2 addr 0x63
