# subr.htonl
-- asm
ldc r1, 0x12345678
call r2, htonl, r1, 1
ret r2
-- result
0x78563412
