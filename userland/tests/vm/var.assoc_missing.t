# var.assoc_missing
-- vars
global int keys=int
-- asm
movi r1, 99
ldga r3, v0, r1
ret r3
-- result
0
