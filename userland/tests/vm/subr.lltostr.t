# subr.lltostr
-- recsize
256
-- asm
movi r1, -1234
call r2, lltostr, r1, 1
emits r2, 0
ret r0
-- record
2d 31 32 33 34 00
