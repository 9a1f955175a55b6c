# reject.stack_outside
-- recsize
64
-- asm
emitustack 32, 5
ret r0
-- error
EINVAL record offset 32 size 40 outside the 64-byte record
