# reject.emits_int
-- recsize
256
-- asm
ldc r1, 0xffff888000000000
emits r1, 0
ret r0
-- error
EACCES r1 is not a string
