# fault.chill_too_long: more than 500 ms of chill() is an illegal
# operation, as DTrace's dtrace_chill_max
-- opts
destructive=1
-- asm
ldc r1, 600000000
call r1, chill, r1, 1
ret r0
-- fault
illegal operation at 1
