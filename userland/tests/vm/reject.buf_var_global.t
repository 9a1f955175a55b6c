# reject.buf_var_global: only a clause-local scalar may be a buffer
# variable: a global one is no valid image
-- vars
global buf
-- asm
ret r0
-- error
EINVAL variable 0: only a clause-local scalar may hold a buffer
