# subr.index
-- asm
lds r1, "hello hello"
lds r2, "llo"
call r3, index, r1, 2
ret r3
-- result
2
