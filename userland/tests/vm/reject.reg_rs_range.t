# reject.reg_rs_range
-- asm
.byte 0x0c, 1, 20, 0, 0
ret r0
-- error
EINVAL register rs r20 out of range
