# reject.emit_outside
-- recsize
8
-- asm
emit8 r1, 4
ret r0
-- error
EINVAL outside the 8-byte record
