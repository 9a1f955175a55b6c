# reject.struct_key_int: a struct key component's register must be a
# buffer on every path: an integer is no address to copy bytes from
-- aggs
count keys=bytes:8
-- asm
ldc r1, 0x1000
agg @0, r1, r0
ret r0
-- error
EACCES r1 is not a buffer on every path
