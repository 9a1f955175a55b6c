# fault.ureg_negative: a negative register number is ILLOP too
-- asm
movi r1, -1
ldureg r2, r1
ret r2
-- fault
illegal operation at 1 addr 0xffffffffffffffff
