# reject.no_ret
-- asm
movi r1, 1
-- error
EINVAL does not end with ret
