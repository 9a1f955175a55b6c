# subr.basename_file
-- recsize
256
-- asm
lds r1, "file"
call r2, basename, r1, 1
emits r2, 0
ret r0
-- record
66 69 6c 65 00
