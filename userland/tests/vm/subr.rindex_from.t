# subr.rindex_from: the last match at or before from, found by searching
# the strings backwards
-- asm
lds r1, "abababab"
lds r2, "abab"
movi r3, 3
call r4, rindex, r1, 3
ret r4
-- result
2
