# fault.ldm_past_used: a load past the scratch the firing used faults,
# reporting the offset into scratch, never the kernel address
-- mem
01 02 03 04 05 06 07 08
-- asm
ldc r1, 0x2000
movi r2, 8
call r1, copyin, r1, 2
ldm8 r3, [r1+8]
ldm1 r3, [r1+16]
ret r0
-- fault
invalid address at 4 addr 0x10
