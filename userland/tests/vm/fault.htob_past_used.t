# fault.htob_past_used: htob of a handle past the scratch used gives a
# buffer whose bytes are checked where they are read
-- mem
11 22 33 44 55 66 77 88
-- asm
ldc r1, 0x2000
movi r2, 8
call r1, copyin, r1, 2
btoh r3, r1
movi r4, 4096
add r3, r3, r4
htob r6, r3
ldm1 r7, [r6]
ret r7
-- fault
invalid address at 7 addr 0x1000
