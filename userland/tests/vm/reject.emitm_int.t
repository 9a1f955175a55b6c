# reject.emitm_int: emitm copies buffers only, never an integer address
-- recsize
8
-- asm
ldc r1, 0x1000
emitm r1, 0, 8
ret r0
-- error
EACCES r1 is not a buffer on every path
