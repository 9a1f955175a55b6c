# reject.jstack_zero
-- recsize
512
-- asm
emitjstack 0, 64, 0
ret r0
-- error
EINVAL a stack of 0 frames
