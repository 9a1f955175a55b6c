# lockdown.curcpu: curcpu is a kernel address (the CPU's cpuinfo_t),
# refused when the kernel is locked down for confidentiality
-- lockdown
confidentiality
-- asm
ldb r1, curcpu
ret r0
-- error
EPERM insn 0: curcpu is a kernel address
