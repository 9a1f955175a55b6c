# buf.handle_roundtrip: btoh makes a buffer a handle, an integer of no
# address (its low half the offset plus 8), and htob turns it back into
# the same buffer in the same run
-- mem
11 22 33 44 55 66 77 88
-- recsize
16
-- asm
ldc r1, 0x2000
movi r2, 8
call r1, copyin, r1, 2
btoh r3, r1
ldc r4, 0xffffffff
and r5, r3, r4
emit8 r5, 0
htob r6, r3
ldm1 r7, [r6+2]
emit8 r7, 8
ret r0
-- record
08 00 00 00 00 00 00 00 33 00 00 00 00 00 00 00
