# op.nop
-- asm
nop
movi r1, 3
ret r1
-- result
3
