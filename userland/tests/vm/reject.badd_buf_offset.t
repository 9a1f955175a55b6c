# reject.badd_buf_offset: the distance must not be a buffer
-- asm
movi r1, 0
movi r2, 4
call r1, copyin, r1, 2
badd r3, r1, r1
ret r0
-- error
EACCES r1 may be a buffer
