# reject.var_range
-- vars
global int
-- asm
ldg r1, v3
ret r1
-- error
EINVAL variable 3 out of range
