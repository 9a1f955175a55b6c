# agg.count_keys
-- opts
strsize=8
-- aggs
count keys=int,str
-- asm
movi r1, 7
lds r2, "k"
agg @0, r1, r0
agg @0, r1, r0
movi r1, 8
agg @0, r1, r0
ret r0
-- agg
@0 7 "k" = 2
@0 8 "k" = 1
