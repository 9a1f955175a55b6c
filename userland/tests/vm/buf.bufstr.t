# buf.bufstr: stringof(copyin()) stops at the copy's end
-- mem
61 62 63 64 65
-- recsize
16
-- opts
strsize=16
-- asm
ldc r1, 0x2000
movi r2, 3
call r1, copyin, r1, 2
call r1, bufstr, r1, 1
emits r1, 0
ret r0
-- record
61 62 63 00 00 00 00 00 00 00 00 00 00 00 00 00
