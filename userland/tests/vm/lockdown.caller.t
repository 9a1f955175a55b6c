# lockdown.caller: caller is the kernel PC of the probed code's caller, a
# kernel address (issue 29: it was let through while curthread was not)
-- lockdown
confidentiality
-- asm
ldb r1, caller
ret r1
-- error
EPERM insn 0: caller is a kernel address
