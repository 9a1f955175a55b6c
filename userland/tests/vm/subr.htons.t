# subr.htons
-- asm
ldc r1, 0x1234
call r2, htons, r1, 1
ret r2
-- result
0x3412
