# reject.htob_result_int: htob's result is a buffer, never read as a number
-- asm
movi r1, 8
htob r2, r1
ret r2
-- error
EACCES r2 may be a buffer here, where a number is read
