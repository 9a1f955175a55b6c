# agg.fused_str_keys: `@[probeprov, probename] = count()`, fused
# (sonde_fastact_find()): string keys from built-ins
-- aggs
count keys=str,str
-- asm
ldb r3, probeprov
ldb r4, probename
agg @0, r3, r0
ret r0
-- agg
@0 "dtrace" "BEGIN" = 1
