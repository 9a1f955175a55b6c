# emit.builtin_string
-- opts
strsize=16
-- recsize
16
-- asm
ldb r1, probename
emits r1, 0
ret r0
-- record
42 45 47 49 4e 00
