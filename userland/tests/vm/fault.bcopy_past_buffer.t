# fault.bcopy_past_buffer: bcopy() of more bytes than the buffer has,
# into a buffer that starts in used scratch: invalid size (the size), as
# Linux DTrace reports it
-- mem
01 02 03 04 05 06 07 08
-- asm
movi r1, 4
call r5, alloca, r1, 1
ldc r1, 0x1000
mov r2, r5
movi r3, 64
call r6, bcopy, r1, 3
ret r0
-- fault
invalid size at 5 addr 0x40
