# fault.copyin_noscratch: more than the scratch space left: NOSCRATCH
-- mem
01
-- asm
ldc r1, 0x2000
ldc r2, 0x100000
call r1, copyin, r1, 2
ret r0
-- fault
out of scratch space at 2
