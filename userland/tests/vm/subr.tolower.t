# subr.tolower
-- recsize
256
-- asm
lds r1, "MiXed 1"
call r2, tolower, r1, 1
emits r2, 0
ret r0
-- record
6d 69 78 65 64 20 31 00
