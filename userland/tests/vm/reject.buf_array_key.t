# reject.buf_array_key: a buffer as an associative array key
-- vars
global int keys=int
-- asm
movi r1, 0
movi r2, 4
call r1, copyin, r1, 2
movi r3, 1
stga v0, r1, r3
ret r0
-- error
EACCES r1 may be a buffer
