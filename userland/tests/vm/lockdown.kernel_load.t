# lockdown.kernel_load: no kernel memory reads under confidentiality
-- lockdown
confidentiality
-- asm
movi r1, 0x1000
ldk8 r2, [r1 + 0]
ret r0
-- error
EPERM insn 1: a kernel memory read
