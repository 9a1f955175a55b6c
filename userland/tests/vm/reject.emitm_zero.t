# reject.emitm_zero: a copy of 0 bytes is malformed
-- recsize
16
-- asm
movi r1, 0
movi r2, 4
call r1, copyin, r1, 2
emitm r1, 0, 0
ret r0
-- error
EINVAL a buffer of 0 bytes
