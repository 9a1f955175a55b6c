# reject.bytes_var_int: a struct global is stored from a buffer only (a
# dynamic one also takes an integer: 0 deletes it)
-- vars
global bytes=8
-- asm
movi r1, 1
stg v0, r1
ret r0
-- error
EACCES r1 is not a buffer on every path
