# reject.badd_int_base: badd moves buffers only: no int becomes a buffer
-- asm
ldc r1, 0x2000
movi r2, 1
badd r3, r1, r2
ret r0
-- error
EACCES r1 is not a buffer on every path
