# subr.basename_usr_lib
-- recsize
256
-- asm
lds r1, "/usr/lib/"
call r2, basename, r1, 1
emits r2, 0
ret r0
-- record
6c 69 62 00
