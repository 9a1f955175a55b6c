# reject.emitm_outside: a buffer copy past the record's end
-- recsize
16
-- asm
movi r1, 0
movi r2, 4
call r1, copyin, r1, 2
emitm r1, 8, 9
ret r0
-- error
EINVAL record offset 8 size 9 outside the 16-byte record
