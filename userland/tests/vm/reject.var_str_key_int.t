# reject.var_str_key_int
-- vars
global int keys=str
-- asm
movi r1, 5
ldga r2, v0, r1
ret r2
-- error
EACCES r1 is not a string
