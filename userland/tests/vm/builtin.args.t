# builtin.args
-- args
10 20 30 40 50 60 70 80 90 100
-- asm
ldb r1, arg0
ldb r2, arg9
add r3, r1, r2
ret r3
-- result
110
