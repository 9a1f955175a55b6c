# subr.rindex
-- asm
lds r1, "hello hello"
lds r2, "llo"
call r3, rindex, r1, 2
ret r3
-- result
8
