# reject.pending_branches
-- asm
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
jz r1, +32
nop
nop
nop
nop
nop
nop
nop
nop
nop
nop
nop
nop
nop
nop
nop
nop
nop
nop
nop
nop
nop
nop
nop
nop
nop
nop
nop
nop
nop
nop
nop
nop
nop
ret r0
-- error
E2BIG branches pending
