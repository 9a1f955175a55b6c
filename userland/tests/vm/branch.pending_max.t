# 32 branches in flight at once is the limit, and fine
-- asm
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
jz r1, +31
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
-- result
0
