# fault.copyinstr_unterminated_edge
-- mem
41 42
-- recsize
256
-- asm
ldc r1, 0x2000
call r2, copyinstr, r1, 1
ret r0
-- fault
invalid address at 1 addr 0x2000
