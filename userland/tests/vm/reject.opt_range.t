# reject.opt_range
-- opts
strsize=2
-- asm
ret r0
-- error
EINVAL option strsize: 2 is outside
