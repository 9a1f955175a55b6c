# fault.htob_below: a handle moved below the first buffer (offset under
# 8) names nothing
-- mem
11 22 33 44 55 66 77 88
-- asm
ldc r1, 0x2000
movi r2, 8
call r1, copyin, r1, 2
btoh r3, r1
movi r4, -1
add r3, r3, r4
htob r6, r3
ret r0
-- fault
invalid address at 6 addr 0x7
