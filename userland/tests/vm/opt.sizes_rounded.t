# opt.sizes_rounded: buffer sizes are used in whole 8-byte words; an
# aggsize of 4097 once put the bucket array at the end of each area on an
# unaligned address (fuzz_kmod)
-- opts
aggsize=4097
bufsize=4103
-- aggs
count
-- asm
agg @0, r0, r0
ret r0
-- agg
@0 = 1
