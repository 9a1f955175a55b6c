# agg.llquantize_negative: negative values mirror the positive buckets
# below the zero bucket (28): -1 is 27, -55 is 14, -5000 and INT64_MIN
# are the last, bucket 0; -0 and 0 are the zero bucket
-- aggs
llquantize 10 0 2 10
-- asm
movi r1, -1
agg @0, r0, r1
movi r1, -55
agg @0, r0, r1
movi r1, -5000
agg @0, r0, r1
ldc r1, 0x8000000000000000
agg @0, r0, r1
movi r1, 0
agg @0, r0, r1
ret r0
-- agg
@0 = 0:2 14:1 27:1 28:1
