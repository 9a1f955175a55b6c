# fault.kcopy_noscratch: more than the scratch space: no copy at all
-- asm
ldc r1, 0x1000
ldc r2, 100000000
call r1, kcopy, r1, 2
ret r0
-- fault
out of scratch space at 2 addr 0x5f5e100
