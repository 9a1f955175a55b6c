# var.tls_int
-- vars
tls int
-- asm
ldt r1, v0
movi r2, 5
add r1, r1, r2
stt v0, r1
ldt r3, v0
ret r3
-- result
5
