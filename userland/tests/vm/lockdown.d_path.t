# lockdown.d_path: d_path() reads kernel memory
-- lockdown
confidentiality
-- asm
movi r1, 0x1000
call r2, d_path, r1, 1
ret r0
-- error
EPERM insn 1: d_path() reads kernel memory
