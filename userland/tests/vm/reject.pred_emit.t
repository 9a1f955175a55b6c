# reject.pred_emit
-- pred
emit8 r1, 0
ret r1
-- error
EACCES predicates cannot record data
