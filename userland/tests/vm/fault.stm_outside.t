# fault.stm_outside: a store past the scratch the firing used faults
-- vars
local bytes=8
-- asm
ldl r1, v0
movi r2, 7
stm8 [r1+8], r2
ret r0
-- fault
invalid address at 2 addr 0x8
