# subr.basename_root
-- recsize
256
-- asm
lds r1, "/"
call r2, basename, r1, 1
emits r2, 0
ret r0
-- record
2f 00
