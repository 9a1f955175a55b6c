# reject.var_int_loaded_not_str
-- vars
global int
-- recsize
256
-- asm
ldg r1, v0
emits r1, 0
ret r0
-- error
EACCES r1 is not a string
