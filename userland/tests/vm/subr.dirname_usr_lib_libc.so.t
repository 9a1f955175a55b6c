# subr.dirname_usr_lib_libc.so
-- recsize
256
-- asm
lds r1, "/usr/lib/libc.so"
call r2, dirname, r1, 1
emits r2, 0
ret r0
-- record
2f 75 73 72 2f 6c 69 62 00
