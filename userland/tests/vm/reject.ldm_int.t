# reject.ldm_int: ldm reads buffers only, never an integer address
-- asm
ldc r1, 0x2000
ldm4 r2, [r1]
ret r2
-- error
EACCES r1 is not a buffer on every path
