# subr.substr_past_end
-- recsize
256
-- asm
lds r1, "abc"
movi r2, 10
call r4, substr, r1, 2
emits r4, 0
ret r0
-- record
00
