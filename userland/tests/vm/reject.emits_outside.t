# reject.emits_outside
-- opts
strsize=32
-- recsize
16
-- asm
lds r1, "a"
emits r1, 0
ret r0
-- error
EINVAL outside
