# var.struct_key: an associative array keyed by a struct: stored under
# one buffer's bytes, read back through another buffer holding the same
# bytes; a struct not stored reads 0
-- mem
aa bb cc dd aa bb cc dd aa bb cc de
-- vars
global int keys=bytes:4
-- asm
ldc r1, 0x2000
movi r2, 4
call r1, copyin, r1, 2
movi r5, 42
stga v0, r1, r5
ldc r1, 0x2004
movi r2, 4
call r1, copyin, r1, 2
ldga r3, v0, r1
ldc r1, 0x2008
movi r2, 4
call r1, copyin, r1, 2
ldga r4, v0, r1
add r3, r3, r4
ret r3
-- result
42
