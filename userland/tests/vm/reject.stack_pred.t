# reject.stack_pred
-- pred
emitkstack 0, 1
ret r1
-- error
EACCES predicates cannot record data
