# subr.strrchr
-- recsize
256
-- asm
lds r1, "a/b/c"
movi r2, 47
call r3, strrchr, r1, 2
emits r3, 0
ret r0
-- record
2f 63 00
