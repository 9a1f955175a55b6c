# lockdown.string_join: a register that is a string on one path is not a
# number on the other either
-- lockdown
confidentiality
-- args
1
-- asm
ldb r1, arg0
jz r1, +1
lds r1, "x"
ret r1
-- error
EPERM insn 3: r1 may be a string here
