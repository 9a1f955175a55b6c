# reject.ldc_range
-- asm
ldc r1, #3
ret r1
-- error
EINVAL constant 3 out of range
