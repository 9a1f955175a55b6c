# var.global_str
-- opts
strsize=16
-- vars
global str
global int
-- recsize
16
-- asm
lds r1, "hello"
stg v0, r1
movi r2, 7
stg v1, r2
ldg r3, v0
emits r3, 0
ldg r4, v1
ret r4
-- result
7
-- record
68 65 6c 6c 6f 00
