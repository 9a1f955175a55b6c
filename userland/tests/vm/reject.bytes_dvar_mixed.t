# reject.bytes_dvar_mixed: a struct thread-local stored from a register
# that is a buffer on one path and an integer on another
-- mem
11 22 33 44 55 66 77 88
-- vars
tls bytes=8
-- asm
movi r1, 0
ldb r3, pid
jz r3, +3
ldc r2, 0x2000
movi r3, 8
call r1, copyin, r2, 2
stt v0, r1
ret r0
-- error
EACCES r1 may be a buffer
