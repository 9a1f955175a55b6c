# subr.strlen
-- asm
lds r1, "hello"
call r2, strlen, r1, 1
ret r2
-- result
5
