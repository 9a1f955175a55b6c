# reject.jstack_outside: 16 + 4 * (8 + 24) + 64 = 208 bytes
-- recsize
200
-- asm
emitjstack 0, 64, 4
ret r0
-- error
EINVAL record offset 0 size 208 outside the 200-byte record
