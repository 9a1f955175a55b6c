# subr.cleanpath_abs_dotdot: cleanpath("/usr/lib/../share//./doc/") is "/usr/share/doc", as Oracle's DTrace
# for Linux cleans a path
-- recsize
256
-- asm
lds r1, "/usr/lib/../share//./doc/"
call r2, cleanpath, r1, 1
emits r2, 0
ret r0
-- record
2f 75 73 72 2f 73 68 61 72 65 2f 64 6f 63 00
