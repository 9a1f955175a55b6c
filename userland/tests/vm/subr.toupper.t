# subr.toupper
-- recsize
256
-- asm
lds r1, "MiXed 1"
call r2, toupper, r1, 1
emits r2, 0
ret r0
-- record
4d 49 58 45 44 20 31 00
