# agg.struct_key: a struct as a key component is its bytes, copied from
# the buffer its register points to: equal bytes from different buffers
# meet, a different byte makes a new entry, and the bytes after it in
# the key (the int) stay in place
-- mem
01 02 03 04 05 06 01 02 03 04 05 07
-- aggs
count keys=bytes:6,int
-- asm
ldc r1, 0x2000
movi r2, 6
call r1, copyin, r1, 2
movi r2, 9
agg @0, r1, r0
ldc r3, 0x2006
movi r4, 6
call r3, copyin, r3, 2
mov r1, r3
agg @0, r1, r0
ldc r3, 0x2000
movi r4, 6
call r3, copyin, r3, 2
mov r1, r3
agg @0, r1, r0
movi r2, 10
agg @0, r1, r0
ret r0
-- agg
@0 <010203040506> 9 = 2
@0 <010203040507> 9 = 1
@0 <010203040506> 10 = 1
