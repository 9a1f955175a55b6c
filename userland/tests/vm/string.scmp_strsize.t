# string.scmp_strsize
-- opts
strsize=8
-- asm
lds r1, "abcdefgX"
lds r2, "abcdefgY"
scmp r3, r1, r2
ret r3
-- result
-1
