# reject.buf_store_var: a buffer stored in an integer variable
-- vars
global int
-- asm
movi r1, 0
movi r2, 4
call r1, copyin, r1, 2
stg v0, r1
ret r0
-- error
EACCES r1 may be a buffer
