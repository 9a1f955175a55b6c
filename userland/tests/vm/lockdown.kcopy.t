# lockdown.kcopy: kcopy() (trace() or print() of a kernel struct) copies
# kernel memory
-- lockdown
confidentiality
-- asm
movi r1, 0x1000
movi r2, 8
call r1, kcopy, r1, 2
ret r0
-- error
EPERM insn 2: kcopy() (a struct traced or printed) reads kernel memory
