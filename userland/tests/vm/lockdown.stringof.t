# lockdown.stringof: stringof() of an address reads kernel memory
-- lockdown
confidentiality
-- asm
movi r1, 0x1000
call r2, stringof, r1, 1
ret r0
-- error
EPERM insn 1: stringof() reads kernel memory
