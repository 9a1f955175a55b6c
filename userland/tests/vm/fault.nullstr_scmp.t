# fault.nullstr_scmp: comparing the NULL string strchr() gives
-- asm
lds r1, "abc"
movi r2, 122
call r3, strchr, r1, 2
scmp r4, r3, r1
ret r4
-- fault
invalid address at 3 addr 0x0
