# buf.kcopy: kernel memory copied into scratch (print(), trace() of a
# struct), its bytes emitted, a NUL after them
-- mem
01 02 03 04 05 06 07 08 09 0a 0b
-- recsize
16
-- asm
ldc r1, 0x1001
movi r2, 9
call r1, kcopy, r1, 2
emitm r1, 0, 10
ret r0
-- record
02 03 04 05 06 07 08 09 0a 00 00 00 00 00 00 00
