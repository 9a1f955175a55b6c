# var.local_buffer: a clause-local keeps a buffer (as its offset into
# scratch); one never stored reads as the scratch's start
-- vars
local buf
-- mem
2a 00 00 00
-- asm
ldc r1, 0x2000
movi r2, 4
call r1, copyin, r1, 2
stl v0, r1
ldl r3, v0
ldm4 r4, [r3 + 0]
ret r4
-- result
42
