# reject.lds_range
-- asm
lds r1, #100
ret r1
-- error
EINVAL string offset
