# reject.ldm_str: nor a string (its bytes may end before the load)
-- asm
lds r1, "abc"
ldm8 r2, [r1]
ret r2
-- error
EACCES r1 is not a buffer on every path
