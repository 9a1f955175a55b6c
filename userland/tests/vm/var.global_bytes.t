# var.global_bytes: a struct variable: loaded into scratch, members
# written there (stm1..stm8), stored back, loaded again
-- vars
global bytes=16
-- recsize
16
-- asm
ldg r1, v0
movi r2, -1
stm1 [r1], r2
movi r2, 0x0202
stm2 [r1+2], r2
movi r2, 0x04040404
stm4 [r1+4], r2
ldc r2, 0x0808080808080808
stm8 [r1+8], r2
stg v0, r1
ldg r3, v0
emitm r3, 0, 16
ret r0
-- record
ff 00 02 02 04 04 04 04 08 08 08 08 08 08 08 08
