# lockdown.string_arith: nor may its address become a number any other way
# (arithmetic, a key, a variable, the program's result)
-- lockdown
confidentiality
-- asm
lds r1, "x"
movi r2, 0
add r3, r1, r2
ret r0
-- error
EPERM insn 2: r1 may be a string here
