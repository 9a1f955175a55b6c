# lockdown.allowed: what confidentiality lockdown leaves: strings as
# strings, user memory, user stacks, counts
-- lockdown
confidentiality
-- recsize
32
-- mem
61 62 63 00
-- asm
ldb r1, probename
lds r2, "BEGIN"
scmp r3, r1, r2
movi r4, 0x2000
call r5, copyinstr, r4, 1
call r6, strlen, r5, 1
emit8 r6, 0
emitustack 8, 1
ldb r7, stackdepth
emit8 r7, 16
ret r3
-- result
0
