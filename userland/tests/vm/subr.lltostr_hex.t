# subr.lltostr_hex
-- recsize
256
-- asm
movi r1, 255
movi r2, 16
call r3, lltostr, r1, 2
emits r3, 0
ret r0
-- record
30 78 66 66 00
