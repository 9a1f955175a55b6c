# reject.opt_too_big
-- opts
bufsize=0x100000000000
-- asm
ret r0
-- error
E2BIG option bufsize
