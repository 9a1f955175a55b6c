# var.assoc_int_keys
-- opts
strsize=8
-- vars
global int keys=int,str
-- asm
movi r1, 1
lds r2, "a"
movi r5, 10
stga v0, r1, r5
movi r1, 2
movi r5, 20
stga v0, r1, r5
movi r1, 1
ldga r3, v0, r1
ret r3
-- result
10
