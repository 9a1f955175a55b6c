# fault.d_path_badaddr: d_path() of a struct path that cannot be read
-- asm
movi r1, 0x10
call r2, d_path, r1, 1
ret r0
-- fault
invalid address at 1 addr 0x10
