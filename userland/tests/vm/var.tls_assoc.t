# var.tls_assoc
-- vars
tls int keys=int
-- asm
movi r1, 4
movi r2, 8
stta v0, r1, r2
ldta r3, v0, r1
ret r3
-- result
8
