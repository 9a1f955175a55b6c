# fault.nullstr_subr_arg: a subroutine given the NULL string
-- asm
lds r1, ",,"
lds r2, ","
call r3, strtok, r1, 2
call r4, strlen, r3, 1
ret r4
-- fault
invalid address at 3 addr 0x0
