# lockdown.curthread: curthread is a kernel address, refused when the
# kernel is locked down for confidentiality
-- lockdown
confidentiality
-- asm
ldb r1, curthread
ret r0
-- error
EPERM insn 0: curthread is a kernel address
