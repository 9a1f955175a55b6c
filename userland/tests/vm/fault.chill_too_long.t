# fault.chill_too_long: more than SONDE_CHILL_CALL_MAX (1 ms) of chill()
# in one call is an illegal operation (a call is priced at that most)
-- opts
destructive=1
-- asm
ldc r1, 1000001
call r1, chill, r1, 1
ret r0
-- fault
illegal operation at 1
