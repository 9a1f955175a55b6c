# var.tls_str
-- opts
strsize=16
-- vars
tls str
-- recsize
16
-- asm
ldb r1, execname
stt v0, r1
ldt r2, v0
emits r2, 0
ret r0
-- record
76 6d 74 65 73 74 00
