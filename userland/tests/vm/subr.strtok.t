# subr.strtok: tokens after leading delimiters, then the rest with
# strtok_next (strtok(NULL, ...)) in the same program
-- recsize
512
-- asm
lds r1, " ab,,cd"
lds r2, " ,"
call r3, strtok, r1, 2
emits r3, 0
lds r4, " ,"
call r4, strtok_next, r4, 1
emits r4, 256
ret r0
-- record
61 62 00
