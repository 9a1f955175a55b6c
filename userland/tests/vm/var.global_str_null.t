# var.global_str_null: a global string keeps the NULL string (the mark),
# loads it back as NULL; "" stored over it is no NULL
-- opts
strsize=16
-- vars
global str
global str
-- asm
lds r1, NULL
stg v0, r1
ldg r2, v0
lds r3, ""
stg v1, r3
ldg r4, v1
scmp r5, r4, r2
ret r5
-- result
1
