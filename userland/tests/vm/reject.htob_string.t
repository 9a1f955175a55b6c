# reject.htob_string: a string's address never becomes a handle
-- asm
lds r1, "abc"
htob r2, r1
ret r0
-- error
EACCES r1 is not an integer on every path
