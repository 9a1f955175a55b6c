# fault.emitm_past_used: a record copy of bytes past the used scratch
-- mem
01 02 03 04
-- recsize
16
-- asm
ldc r1, 0x2000
movi r2, 4
call r1, copyin, r1, 2
movi r2, 4
badd r1, r1, r2
emitm r1, 0, 16
ret r0
-- fault
invalid address at 5 addr 0x4
