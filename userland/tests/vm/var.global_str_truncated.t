# var.global_str_truncated
-- opts
strsize=8
-- vars
global str
-- recsize
8
-- asm
lds r1, "abcdefghijkl"
stg v0, r1
ldg r2, v0
emits r2, 0
ret r0
-- record
61 62 63 64 65 66 67 00
