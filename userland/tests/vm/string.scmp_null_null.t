# string.scmp_null_null: NULL equals NULL (lds rd, NULL and strchr()'s)
-- asm
lds r1, "abc"
movi r2, 122
call r3, strchr, r1, 2
lds r5, NULL
scmp r4, r5, r3
ret r4
-- result
0
