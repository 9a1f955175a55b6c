# string.scmp_gt
-- asm
lds r1, "b"
lds r2, "abd"
scmp r3, r1, r2
ret r3
-- result
1
