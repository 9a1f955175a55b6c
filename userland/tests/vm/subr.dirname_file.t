# subr.dirname_file
-- recsize
256
-- asm
lds r1, "file"
call r2, dirname, r1, 1
emits r2, 0
ret r0
-- record
2e 00
