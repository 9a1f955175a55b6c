# lockdown.inet_ntoa: inet_ntoa() of an address reads kernel memory
-- lockdown
confidentiality
-- asm
movi r1, 0x1000
call r2, inet_ntoa, r1, 1
ret r0
-- error
EPERM insn 1: inet_ntoa() reads kernel memory
