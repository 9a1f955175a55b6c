# agg.key_segments: a string key is written only up to its NUL, so the
# scratch past it still holds the previous, longer key: equal tuples must
# still meet, and a truncated string must equal its other truncations.
-- opts
strsize=8
-- aggs
count keys=str,int
-- asm
lds r1, "abcdef"
movi r2, 1
agg @0, r1, r0
lds r1, "ab"
agg @0, r1, r0
lds r1, "ab"
agg @0, r1, r0
lds r1, "abcdefgXYZ"
agg @0, r1, r0
lds r1, "abcdefgh"
agg @0, r1, r0
lds r1, ""
agg @0, r1, r0
movi r2, 2
agg @0, r1, r0
ret r0
-- agg
@0 "abcdef" 1 = 1
@0 "ab" 1 = 2
@0 "abcdefg" 1 = 2
@0 "" 1 = 1
@0 "" 2 = 1
