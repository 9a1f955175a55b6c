# reject.bytes_var_huge: a struct variable larger than SONDE_MAX_BYREF
-- vars
global bytes=100000
-- asm
ret r0
-- error
E2BIG variable 0: 100000 bytes, 1 to 8192 allowed
