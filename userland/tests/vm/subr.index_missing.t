# subr.index_missing
-- asm
lds r1, "hello"
lds r2, "xyz"
call r3, index, r1, 2
ret r3
-- result
-1
