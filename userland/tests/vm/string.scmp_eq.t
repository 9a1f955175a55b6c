# string.scmp_eq
-- asm
lds r1, "abc"
ldb r2, execname
lds r3, "vmtest"
scmp r4, r2, r3
ret r4
-- result
0
