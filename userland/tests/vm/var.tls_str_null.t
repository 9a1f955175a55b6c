# var.tls_str_null: a thread-local string keeps the NULL string
# strchr() gives and loads it back as NULL (0)
-- opts
strsize=16
-- vars
tls str
-- asm
lds r1, "abc"
movi r2, 122
call r3, strchr, r1, 2
stt v0, r3
ldt r4, v0
ret r4
-- result
0
