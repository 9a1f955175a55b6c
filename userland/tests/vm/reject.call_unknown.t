# reject.call_unknown
-- asm
call r1, 63, r0, 0
ret r0
-- error
EINVAL unknown subroutine 63
