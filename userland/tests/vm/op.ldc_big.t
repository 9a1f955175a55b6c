# op.ldc_big
-- asm
ldc r1, 0x123456789abcdef0
ret r1
-- result
0x123456789abcdef0
