# reject.bufstr_int: bufstr takes a buffer, not an address
-- asm
ldc r1, 0x1000
call r1, bufstr, r1, 1
ret r0
-- error
EACCES r1 is not a buffer on every path
