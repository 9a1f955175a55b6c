# reject.unused_nonzero
-- asm
.byte 0x10, 1, 2, 3, 5
ret r0
-- error
EINVAL unused field imm must be zero
