# reject.jstack_pred
-- pred
emitjstack 0, 64, 1
ret r1
-- error
EACCES predicates cannot record data
