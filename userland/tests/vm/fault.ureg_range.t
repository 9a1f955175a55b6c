# fault.ureg_range: a register number past SONDE_NUREGS is ILLOP
-- asm
movi r1, 21
ldureg r2, r1
ret r2
-- fault
illegal operation at 1 addr 0x15
