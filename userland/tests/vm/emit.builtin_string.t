# emit.builtin_string
-- opts
strsize=16
-- recsize
16
-- asm
ldb r1, probefunc
emits r1, 0
ret r0
-- record
67 65 74 70 70 69 64 00
