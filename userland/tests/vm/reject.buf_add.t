# reject.buf_add: a buffer read as a number is rejected
-- recsize
8
-- asm
movi r1, 0
movi r2, 4
call r1, copyin, r1, 2
add r3, r1, r2
ret r0
-- error
EACCES r1 may be a buffer
