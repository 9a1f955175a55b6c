# reject.var_bad_scope
-- vars
7 int
-- asm
ret r0
-- error
EINVAL unknown scope
