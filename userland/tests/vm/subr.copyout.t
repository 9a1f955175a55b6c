# subr.copyout: bytes copied in, written back further on in user memory
# (the test window), and read from there
-- opts
destructive=1
-- mem
01 02 03 04 00 00 00 00
-- asm
ldc r1, 0x2000
movi r2, 4
call r1, copyin, r1, 2
ldc r2, 0x2004
movi r3, 4
call r4, copyout, r1, 3
ldc r1, 0x2004
movi r2, 4
call r1, copyin, r1, 2
ldm4 r5, [r1 + 0]
ret r5
-- result
67305985
