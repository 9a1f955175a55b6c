# reject.stack_zero
-- recsize
64
-- asm
emitkstack 0, 0
ret r0
-- error
EINVAL a stack of 0 frames
