# subr.cleanpath_dot: cleanpath(".") is ".", as Oracle's DTrace
# for Linux cleans a path
-- recsize
256
-- asm
lds r1, "."
call r2, cleanpath, r1, 1
emits r2, 0
ret r0
-- record
2e 00
