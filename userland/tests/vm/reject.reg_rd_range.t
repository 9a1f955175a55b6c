# reject.reg_rd_range
-- asm
.byte 0x08, 16, 0, 0, 1
ret r0
-- error
EINVAL register rd r16 out of range
