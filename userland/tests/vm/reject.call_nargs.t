# reject.call_nargs
-- asm
lds r1, "a"
call r2, strjoin, r1, 1
ret r0
-- error
EINVAL strjoin() takes 2 to 2 arguments, not 1
