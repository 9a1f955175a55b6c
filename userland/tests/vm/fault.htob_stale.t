# fault.htob_stale: a handle of another run (another generation) is
# refused at its offset, though the offset is inside this run's scratch
-- mem
11 22 33 44 55 66 77 88
-- asm
ldc r1, 0x2000
movi r2, 8
call r1, copyin, r1, 2
btoh r3, r1
ldc r4, 0x80000000
movi r5, 32
shl r4, r4, r5
add r3, r3, r4
htob r6, r3
ldm1 r7, [r6]
ret r7
-- fault
invalid address at 8 addr 0x8
