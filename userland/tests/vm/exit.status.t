# exit.status
-- asm
movi r1, 3
exit r1
ret r0
-- exit
3
