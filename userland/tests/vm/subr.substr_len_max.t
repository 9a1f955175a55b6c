# subr.substr_len_max: substr(s, 1, INT64_MAX) once computed index + len
# in s64, a signed overflow (found by fuzz_vm review)
-- asm
lds r1, "hello"
movi r2, 1
movi r3, -1
movi r4, 1
shr r3, r3, r4
call r5, substr, r1, 3
call r6, strlen, r5, 1
ret r6
-- result
4
