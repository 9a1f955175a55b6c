# reject.var_scope_mismatch
-- vars
global int
-- asm
ldt r1, v0
ret r1
-- error
EINVAL variable 0 is not a thread-local scalar
