# reject.buf_store_tls: a buffer stored in a thread-local
-- vars
tls int
-- asm
movi r1, 0
movi r2, 4
call r1, copyin, r1, 2
stt v0, r1
ret r0
-- error
EACCES r1 may be a buffer
