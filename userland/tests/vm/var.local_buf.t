# var.local_buf: a clause-local holds a copyin() buffer; loaded back it
# is a buffer again (this->p = (struct foo *)copyin(...); this->p->a)
-- mem
11 22 33 44
-- vars
local buf
-- recsize
8
-- asm
ldc r1, 0x2000
movi r2, 4
call r1, copyin, r1, 2
stl v0, r1
ldl r3, v0
ldm2 r4, [r3+2]
emit8 r4, 0
ret r0
-- record
33 44 00 00 00 00 00 00
