# reject.pred_agg
-- aggs
count
-- pred
agg @0, r0, r0
ret r1
-- error
EACCES predicates cannot aggregate
