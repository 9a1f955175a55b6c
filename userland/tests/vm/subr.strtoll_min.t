# subr.strtoll_min: "-9223372036854775808" once negated INT64_MIN in s64,
# a signed overflow (found by fuzz_vm review)
-- asm
lds r1, "-9223372036854775808"
call r2, strtoll, r1, 1
ret r2
-- result
-9223372036854775808
