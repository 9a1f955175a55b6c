# subr.strtoll
-- asm
lds r1, "  -42abc"
call r2, strtoll, r1, 1
ret r2
-- result
-42
