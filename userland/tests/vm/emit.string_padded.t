# emit.string_padded
-- opts
strsize=8
-- recsize
16
-- asm
lds r1, "abcdefghijk"
emits r1, 0
ret r0
-- record
61 62 63 64 65 66 67 00 00
