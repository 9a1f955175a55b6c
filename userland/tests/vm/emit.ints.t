# emit.ints
-- recsize
16
-- asm
ldc r1, 0x1122334455667788
emit1 r1, 0
emit2 r1, 1
emit4 r1, 3
emit8 r1, 8
ret r0
-- record
88 88 77 88 77 66 55 00 88 77 66 55 44 33 22 11
