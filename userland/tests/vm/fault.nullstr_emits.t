# fault.nullstr_emits: strstr() finding nothing is DTrace's NULL string;
# recording it is a load from address 0
-- recsize
256
-- asm
lds r1, "abc"
lds r2, "z"
call r3, strstr, r1, 2
emits r3, 0
ret r0
-- fault
invalid address at 3 addr 0x0
