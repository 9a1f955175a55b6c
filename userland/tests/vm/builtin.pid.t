# builtin.pid
-- asm
ldb r1, pid
ret r1
-- result
1234
