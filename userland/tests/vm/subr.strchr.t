# subr.strchr
-- recsize
256
-- asm
lds r1, "a/b/c"
movi r2, 47
call r3, strchr, r1, 2
emits r3, 0
ret r0
-- record
2f 62 2f 63 00
