# reject.call_arg_type
-- asm
movi r1, 5
call r2, strlen, r1, 1
ret r0
-- error
EACCES r1 is not a string
