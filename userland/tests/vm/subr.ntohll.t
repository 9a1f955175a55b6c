# subr.ntohll
-- asm
ldc r1, 0x0102030405060708
call r2, ntohll, r1, 1
ret r2
-- result
0x0807060504030201
