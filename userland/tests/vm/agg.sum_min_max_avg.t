# agg.sum_min_max_avg
-- aggs
sum
min
max
avg
stddev
-- asm
movi r1, 5
agg @0, r0, r1
agg @1, r0, r1
agg @2, r0, r1
agg @3, r0, r1
agg @4, r0, r1
movi r1, -3
agg @0, r0, r1
agg @1, r0, r1
agg @2, r0, r1
agg @3, r0, r1
agg @4, r0, r1
ret r0
-- agg
@0 = 2
@1 = -3
@2 = 5
@3 = 2 2
@4 = 2 2 34 0
