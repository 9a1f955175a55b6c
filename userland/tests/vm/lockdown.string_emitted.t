# lockdown.string_emitted: a string register recorded as a number would
# hand the consumer its kernel address
-- lockdown
confidentiality
-- recsize
8
-- asm
ldb r1, probename
emit8 r1, 0
ret r0
-- error
EPERM insn 1: r1 may be a string here
