# reject.jstack_strsize_big
-- recsize
8192
-- asm
emitjstack 0, 4104, 1
ret r0
-- error
EINVAL jstack names of 4104 bytes
