# reject.htob_maybe_string: an integer on one path, a string on another
-- asm
ldb r1, pid
movi r2, 5
jz r1, +1
lds r2, "x"
htob r3, r2
ret r0
-- error
EACCES r2 is not an integer on every path
