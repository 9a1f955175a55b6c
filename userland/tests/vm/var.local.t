# var.local
-- vars
local int
local int
-- asm
movi r1, 3
stl v1, r1
ldl r2, v1
ldl r3, v0
add r4, r2, r3
ret r4
-- result
3
