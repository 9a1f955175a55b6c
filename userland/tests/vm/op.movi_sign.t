# op.movi_sign
-- asm
movi r1, -1
ret r1
-- result
-1
