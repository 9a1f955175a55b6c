# var.assoc_str_value
-- opts
strsize=16
-- vars
global str keys=str
-- recsize
16
-- asm
lds r1, "k"
lds r2, "val"
stga v0, r1, r2
ldga r3, v0, r1
emits r3, 0
ret r0
-- record
76 61 6c 00
