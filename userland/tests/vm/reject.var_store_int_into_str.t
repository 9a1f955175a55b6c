# reject.var_store_int_into_str
-- vars
global str
-- asm
movi r1, 4096
stg v0, r1
ret r0
-- error
EACCES r1 is not a string
