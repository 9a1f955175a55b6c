# fault.copyinto_past_buffer: copyinto() of 65 bytes into a 64-byte
# buffer: invalid size (the size), as Linux DTrace reports it
-- mem
01 02 03 04
-- asm
movi r1, 64
call r3, alloca, r1, 1
ldc r1, 0x2000
movi r2, 65
call r4, copyinto, r1, 3
ret r0
-- fault
invalid size at 4 addr 0x41
