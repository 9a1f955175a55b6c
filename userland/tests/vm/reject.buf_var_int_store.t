# reject.buf_var_int_store: a buffer variable takes only a buffer
-- vars
local buf
-- asm
movi r1, 5
stl v0, r1
ret r0
-- error
EACCES r1 is not a buffer on every path
