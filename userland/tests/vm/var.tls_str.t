# var.tls_str
-- opts
strsize=16
-- vars
tls str
-- recsize
16
-- asm
ldb r1, probeprov
stt v0, r1
ldt r2, v0
emits r2, 0
ret r0
-- record
64 74 72 61 63 65 00
