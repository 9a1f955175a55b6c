# reject.btoh_int: btoh takes buffers only: no integer is made a handle
-- asm
ldc r1, 0x2000
btoh r2, r1
ret r0
-- error
EACCES r1 is not a buffer on every path
