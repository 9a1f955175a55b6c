# reject.jstack_strsize: names 8 to 4096 bytes, a multiple of 8
-- recsize
8192
-- asm
emitjstack 0, 20, 1
ret r0
-- error
EINVAL jstack names of 20 bytes: 8 to 4096, a multiple of 8
