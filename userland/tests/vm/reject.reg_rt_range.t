# reject.reg_rt_range
-- asm
add r1, r2, r16
ret r0
-- error
EINVAL register rt r16
