# reject.bytes_var_int: a struct variable is stored from a buffer only
-- vars
global bytes=8
-- asm
movi r1, 1
stg v0, r1
ret r0
-- error
EACCES r1 is not a buffer on every path
