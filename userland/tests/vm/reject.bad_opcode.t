# reject.bad_opcode
-- asm
.byte 0xee, 0, 0, 0, 0
ret r0
-- error
EINVAL insn 0: invalid opcode 0xee
