# var.tls_bytes: a thread-local struct: stored from a buffer, loaded back
# as a copy (a missing one is zeros)
-- mem
11 22 33 44 55 66 77 88
-- vars
tls bytes=8
-- recsize
16
-- asm
ldt r1, v0
emitm r1, 0, 8
ldc r2, 0x2000
movi r3, 8
call r2, copyin, r2, 2
stt v0, r2
ldt r4, v0
emitm r4, 8, 8
ret r0
-- record
00 00 00 00 00 00 00 00 11 22 33 44 55 66 77 88
