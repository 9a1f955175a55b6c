# ureg.segments: uregs[R_CS] and uregs[R_SS] of a 64-bit user process
-- asm
movi r1, 17
ldureg r2, r1
movi r1, 20
ldureg r3, r1
shl r2, r2, r1
or r2, r2, r3
ret r2
-- result
0x330002b
