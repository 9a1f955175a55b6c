# builtin.pid: the main thread's pid and tid agree
-- asm
ldb r1, pid
ldb r2, tid
seteq r3, r1, r2
setne r4, r1, r0
and r5, r3, r4
ret r5
-- result
1
