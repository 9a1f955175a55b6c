# subr.index_from
-- asm
lds r1, "hello hello"
lds r2, "llo"
movi r3, 3
call r4, index, r1, 3
ret r4
-- result
8
