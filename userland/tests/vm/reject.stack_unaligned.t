# reject.stack_unaligned
-- recsize
64
-- asm
emitkstack 4, 2
ret r0
-- error
EINVAL not 8-byte aligned
