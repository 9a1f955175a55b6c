# var.global_int
-- vars
global int
-- asm
movi r1, 42
stg v0, r1
movi r1, 0
ldg r2, v0
ret r2
-- result
42
