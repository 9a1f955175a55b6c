# string.mov_keeps_type
-- opts
strsize=16
-- recsize
16
-- asm
lds r1, "hi"
mov r2, r1
emits r2, 0
ret r0
-- record
68 69 00 00
