# reject.lds_range
-- asm
.byte 0x0a, 1, 0, 0, 100
ret r1
-- error
EINVAL string offset
