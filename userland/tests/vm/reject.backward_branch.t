# reject.backward_branch
-- asm
movi r1, 1
ja -2
ret r0
-- error
EINVAL insn 1: backward branch
