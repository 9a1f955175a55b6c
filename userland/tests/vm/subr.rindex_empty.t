# subr.rindex_empty: an empty needle matches at the start position
-- asm
lds r1, "hello"
lds r2, ""
call r3, rindex, r1, 2
ret r3
-- result
5
