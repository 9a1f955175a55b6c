# reject.var_array_as_scalar
-- vars
global int keys=int
-- asm
ldg r1, v0
ret r1
-- error
EINVAL is not a global scalar
