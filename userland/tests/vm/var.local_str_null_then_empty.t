# var.local_str_null_then_empty: "" stored over the NULL string clears
# its mark: it loads as "", no NULL
-- opts
strsize=16
-- vars
local str
-- asm
lds r1, NULL
stl v0, r1
lds r2, ""
stl v0, r2
ldl r3, v0
lds r5, NULL
scmp r4, r3, r5
ret r4
-- result
1
