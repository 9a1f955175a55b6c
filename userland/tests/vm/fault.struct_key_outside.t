# fault.struct_key_outside: a struct key whose bytes run past the scratch
# the firing used (24 bytes from an 8-byte copyin() buffer, which takes 16
# with its NUL) faults, and no entry is made
-- mem
01 02 03 04 05 06 07 08
-- aggs
count keys=bytes:24
-- asm
ldc r1, 0x2000
movi r2, 8
call r1, copyin, r1, 2
agg @0, r1, r0
ret r0
-- fault
invalid address at 3
-- agg
