# reject.string_join_mixed
-- recsize
256
-- asm
movi r1, 1
jz r1, +2
lds r2, "a"
ja +1
movi r2, 4096
emits r2, 0
ret r0
-- error
EACCES r2 is not a string on every path
