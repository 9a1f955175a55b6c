# subr.strtoll_hex
-- asm
lds r1, "0x1f"
movi r2, 16
call r3, strtoll, r1, 2
ret r3
-- result
31
