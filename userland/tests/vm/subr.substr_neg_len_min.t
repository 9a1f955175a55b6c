# subr.substr_neg_len_min: substr(s, -10, INT64_MIN) once computed
# index + len in s64, a signed overflow (found by fuzz_vm review)
-- asm
lds r1, "hello"
movi r2, -10
movi r3, 1
movi r4, 63
shl r3, r3, r4
call r5, substr, r1, 3
call r6, strlen, r5, 1
ret r6
-- result
0
