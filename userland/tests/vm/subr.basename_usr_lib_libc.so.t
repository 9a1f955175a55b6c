# subr.basename_usr_lib_libc.so
-- recsize
256
-- asm
lds r1, "/usr/lib/libc.so"
call r2, basename, r1, 1
emits r2, 0
ret r0
-- record
6c 69 62 63 2e 73 6f 00
