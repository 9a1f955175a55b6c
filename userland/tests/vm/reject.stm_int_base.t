# reject.stm_int_base: stm writes only into buffers
-- asm
movi r1, 4096
movi r2, 7
stm4 [r1], r2
ret r0
-- error
EACCES r1 is not a buffer on every path
