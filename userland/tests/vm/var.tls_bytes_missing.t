# var.tls_bytes_missing: a thread-local struct of 24 bytes never stored
# reads as 24 zero bytes, whatever an earlier firing left in the scratch
# space it is copied to (the module's scratch is not cleared per firing)
-- vars
tls bytes=24
-- recsize
24
-- asm
ldt r1, v0
emitm r1, 0, 24
ret r0
-- record
00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
