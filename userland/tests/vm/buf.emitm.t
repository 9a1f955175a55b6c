# buf.emitm: a buffer's bytes into the record (trace(), tracemem())
-- mem
68 65 6c 6c 6f
-- recsize
16
-- asm
ldc r1, 0x2000
movi r2, 5
call r1, copyin, r1, 2
emitm r1, 8, 8
ret r0
-- record
00 00 00 00 00 00 00 00 68 65 6c 6c 6f 00 00 00
