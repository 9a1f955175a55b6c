# var.tls_bytes_zero_deletes: a thread-local struct stored from a buffer,
# then 0 (an integer) stored: deleted, it loads as zeros again
-- mem
11 22 33 44 55 66 77 88
-- vars
tls bytes=8
-- recsize
16
-- asm
ldc r2, 0x2000
movi r3, 8
call r2, copyin, r2, 2
stt v0, r2
ldt r4, v0
emitm r4, 0, 8
movi r5, 0
stt v0, r5
ldt r6, v0
emitm r6, 8, 8
ret r0
-- record
11 22 33 44 55 66 77 88 00 00 00 00 00 00 00 00
