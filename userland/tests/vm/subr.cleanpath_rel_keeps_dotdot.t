# subr.cleanpath_rel_keeps_dotdot: cleanpath("a/../../b/./c") is "../b/c", as Oracle's DTrace
# for Linux cleans a path
-- recsize
256
-- asm
lds r1, "a/../../b/./c"
call r2, cleanpath, r1, 1
emits r2, 0
ret r0
-- record
2e 2e 2f 62 2f 63 00
