# reject.scmp_int
-- asm
movi r1, 5
lds r2, "a"
scmp r3, r1, r2
ret r3
-- error
EACCES r1 is not a string
