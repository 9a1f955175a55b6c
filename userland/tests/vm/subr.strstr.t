# subr.strstr
-- recsize
256
-- asm
lds r1, "needle in haystack"
lds r2, "hay"
call r3, strstr, r1, 2
emits r3, 0
ret r0
-- record
68 61 79 73 74 61 63 6b 00
