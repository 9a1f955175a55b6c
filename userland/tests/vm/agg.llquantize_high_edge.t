# agg.llquantize_high_edge: factor^(high + 1) is the largest power the
# verifier allows to fit in 63 bits (2^62 here); computing the bucket of a
# value >= it once took factor^(high + 2), a signed overflow (found by
# fuzz_vm)
-- aggs
llquantize 2 0 61 2
-- mem
ff ff ff ff ff ff ff 7f
-- asm
movi r1, 5
agg @0, r0, r1
movi r2, 0x1000
ldk8 r1, [r2 + 0]
agg @0, r0, r1
ret r0
-- agg
@0 = 66:1 126:1
