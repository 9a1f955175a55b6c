# reject.buf_as_str: a buffer is not a string (no NUL within strsize is promised)
-- recsize
8
-- asm
movi r1, 0
movi r2, 4
call r1, copyin, r1, 2
call r3, strlen, r1, 1
ret r0
-- error
EACCES r1 is not a string
