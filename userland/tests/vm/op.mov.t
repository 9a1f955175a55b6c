# op.mov
-- asm
movi r1, 9
mov r2, r1
ret r2
-- result
9
