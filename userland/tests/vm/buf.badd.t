# buf.badd: a buffer moved forward and back (pointer arithmetic)
-- mem
10 20 30 40 50 60 70 80
-- asm
ldc r1, 0x2000
movi r2, 8
call r1, copyin, r1, 2
movi r2, 5
badd r1, r1, r2
ldm1 r3, [r1]
movi r2, -2
badd r1, r1, r2
ldm1 r4, [r1-1]
add r3, r3, r4
ret r3
-- result
0x90
