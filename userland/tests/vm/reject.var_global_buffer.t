# reject.var_global_buffer: only a clause-local scalar holds a buffer
-- vars
global buf
-- asm
ret r0
-- error
EINVAL only a clause-local scalar may hold a buffer
