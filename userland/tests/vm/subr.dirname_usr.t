# subr.dirname_usr
-- recsize
256
-- asm
lds r1, "/usr"
call r2, dirname, r1, 1
emits r2, 0
ret r0
-- record
2f 00
