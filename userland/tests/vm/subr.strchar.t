# subr.strchar: s[i] is a signed char, 0 past the NUL and before 0
-- asm
lds r1, "ab"
movi r2, 1
call r3, strchar, r1, 2
movi r2, 2
call r4, strchar, r1, 2
movi r2, -1
call r5, strchar, r1, 2
add r3, r3, r4
add r3, r3, r5
ret r3
-- result
98
