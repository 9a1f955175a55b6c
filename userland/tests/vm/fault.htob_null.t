# fault.htob_null: NULL is no handle: htob faults at address 0
-- asm
movi r1, 0
htob r2, r1
ldm1 r3, [r2]
ret r3
-- fault
invalid address at 1 addr 0x0
