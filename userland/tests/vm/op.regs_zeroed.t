# op.regs_zeroed
-- asm
ret r15
-- result
0
