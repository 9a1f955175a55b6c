# reject.emitm_pred: predicates record nothing
-- pred
movi r1, 0
movi r2, 4
call r1, copyin, r1, 2
emitm r1, 0, 4
ret r0
-- error
EACCES predicates cannot record data
