# subr.cleanpath_above_root: cleanpath("/a/../../..") is "/", as Oracle's DTrace
# for Linux cleans a path
-- recsize
256
-- asm
lds r1, "/a/../../.."
call r2, cleanpath, r1, 1
emits r2, 0
ret r0
-- record
2f 00
