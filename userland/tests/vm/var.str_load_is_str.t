# var.str_load_is_str
-- vars
global str
-- recsize
256
-- asm
ldg r1, v0
emits r1, 0
ret r0
-- record
00
