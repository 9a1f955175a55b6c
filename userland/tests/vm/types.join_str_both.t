# types.join_str_both
-- recsize
256
-- asm
movi r1, 1
jz r1, +2
lds r2, "a"
ja +1
lds r2, "b"
emits r2, 0
ret r0
-- record
61 00
