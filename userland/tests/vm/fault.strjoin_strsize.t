# fault.strjoin_strsize: a join that does not fit strsize with its NUL is
# out of scratch space, as DTrace's (not cut short)
-- opts
strsize=8
-- recsize
8
-- asm
lds r1, "abcd"
lds r2, "efgh"
call r3, strjoin, r1, 2
emits r3, 0
ret r0
-- fault
out of scratch space at 2
