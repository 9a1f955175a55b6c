# string.scmp_prefix
-- asm
lds r1, "ab"
lds r2, "abc"
scmp r3, r1, r2
ret r3
-- result
-1
