# string.scmp_null: the NULL string strchr() gives compares as DTrace
# compares it (dt_cg_compare_op(): the references): above it, any string
-- asm
lds r1, "abc"
movi r2, 122
call r3, strchr, r1, 2
scmp r4, r1, r3
ret r4
-- result
1
