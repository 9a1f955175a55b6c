# reject.pred_exit
-- pred
exit r1
ret r1
-- error
EACCES predicates cannot exit
