# subr.strstr_periodic: strstr() shares the linear search
-- asm
lds r1, "xabababcab"
lds r2, "ababc"
call r3, strstr, r1, 2
call r4, strlen, r3, 1
ret r4
-- result
7
