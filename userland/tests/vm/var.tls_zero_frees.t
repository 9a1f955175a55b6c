# var.tls_zero_frees
-- vars
tls int
-- asm
movi r1, 5
stt v0, r1
movi r1, 0
stt v0, r1
ldt r3, v0
ret r3
-- result
0
