# reject.ldb_unknown
-- asm
ldb r1, 63
ret r1
-- error
EINVAL unknown built-in variable 63
