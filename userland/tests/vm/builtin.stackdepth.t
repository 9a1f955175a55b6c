# builtin.stackdepth: read (the depth itself differs between worlds)
-- asm
ldb r1, stackdepth
ldb r2, ustackdepth
ret r0
-- result
0
