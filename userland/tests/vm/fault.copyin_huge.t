# fault.copyin_huge: a size of 2^64 - 1 never wraps the scratch check
-- asm
movi r1, 0
movi r2, -1
call r1, copyin, r1, 2
ret r0
-- fault
out of scratch space at 2
