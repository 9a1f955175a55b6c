# reject.call_rs_no_args
-- asm
call r1, rand, r3, 0
ret r0
-- error
EINVAL unused field rs must be zero (no arguments)
