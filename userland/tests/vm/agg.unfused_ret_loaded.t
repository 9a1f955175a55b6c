# agg.unfused_ret_loaded: ends in `ret` of a loaded register, so its
# value is not 0: not of the fused form (sonde_fastact_find()), and the
# interpreter's result stands
-- args
9 0 0 0 0 0 0 0 0 0
-- aggs
count
-- asm
ldb r1, arg0
agg @0, r0, r0
ret r1
-- result
9
-- agg
@0 = 1
