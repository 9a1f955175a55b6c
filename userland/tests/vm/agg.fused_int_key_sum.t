# agg.fused_int_key_sum: `@[arg0] = sum(arg1)`, fused
# (sonde_fastact_find()); a later load of the same register wins
-- args
9 40 7 0 0 0 0 0 0 0
-- aggs
sum keys=int
-- asm
ldb r1, arg2
ldb r1, arg0
ldb r2, arg1
agg @0, r1, r2
ret r0
-- agg
@0 9 = 40
