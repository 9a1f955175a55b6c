# load.user
-- mem
ff 00 00 00 00 00 00 00
-- asm
ldc r1, 0x2000
ldu1 r2, [r1]
ldu2 r3, [r1]
ldu4 r4, [r1]
ldu8 r5, [r1]
add r6, r2, r3
add r6, r6, r4
add r6, r6, r5
ret r6
-- result
1020
