# fault.noscratch
-- opts
strsize=4096
-- asm
lds r1, "a"
call r2, toupper, r1, 1
call r2, toupper, r1, 1
call r2, toupper, r1, 1
call r2, toupper, r1, 1
call r2, toupper, r1, 1
call r2, toupper, r1, 1
call r2, toupper, r1, 1
call r2, toupper, r1, 1
call r2, toupper, r1, 1
call r2, toupper, r1, 1
call r2, toupper, r1, 1
call r2, toupper, r1, 1
call r2, toupper, r1, 1
call r2, toupper, r1, 1
call r2, toupper, r1, 1
call r2, toupper, r1, 1
call r2, toupper, r1, 1
call r2, toupper, r1, 1
call r2, toupper, r1, 1
call r2, toupper, r1, 1
ret r0
-- fault
out of scratch space at 17
