# reject.pred_speculation: speculations are actions
-- pred
call r1, speculation, r0, 0
ret r1
-- error
EACCES predicates cannot call speculation()
