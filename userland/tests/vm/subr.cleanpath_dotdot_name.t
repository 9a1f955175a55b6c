# subr.cleanpath_dotdot_name: cleanpath("/a/..b/.c") is "/a/..b/.c", as Oracle's DTrace
# for Linux cleans a path
-- recsize
256
-- asm
lds r1, "/a/..b/.c"
call r2, cleanpath, r1, 1
emits r2, 0
ret r0
-- record
2f 61 2f 2e 2e 62 2f 2e 63 00
