# reject.call_arg_regs
-- asm
lds r15, "a"
call r2, strjoin, r15, 2
ret r0
-- error
EINVAL argument registers r15..r16 out of range
