# alu.sdiv_min_by_minus1
-- asm
ldc r1, 0x8000000000000000
ldc r2, -1
sdiv r3, r1, r2
ret r3
-- result
0x8000000000000000
