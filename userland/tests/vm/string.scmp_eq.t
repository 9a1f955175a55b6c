# string.scmp_eq: a built-in string against a literal
-- asm
lds r1, "abc"
ldb r2, probename
lds r3, "BEGIN"
scmp r4, r2, r3
ret r4
-- result
0
