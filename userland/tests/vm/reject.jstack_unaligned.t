# reject.jstack_unaligned
-- recsize
512
-- asm
emitjstack 4, 64, 1
ret r0
-- error
EINVAL stack at record offset 4 is not 8-byte aligned
