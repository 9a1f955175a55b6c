# reject.string_clobbered
-- recsize
256
-- asm
lds r1, "a"
add r1, r1, r2
emits r1, 0
ret r0
-- error
EACCES r1 is not a string
