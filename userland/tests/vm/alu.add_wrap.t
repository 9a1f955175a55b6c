# alu.add_wrap
-- asm
ldc r1, 0xffffffffffffffff
ldc r2, 2
add r3, r1, r2
ret r3
-- result
1
