# reject.emit_negative
-- recsize
8
-- asm
emit8 r1, -8
ret r0
-- error
EINVAL record offset -8
