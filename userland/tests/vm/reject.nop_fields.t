# reject.nop_fields
-- asm
.byte 0x00, 1, 0, 0, 0
ret r0
-- error
EINVAL unused field rd
