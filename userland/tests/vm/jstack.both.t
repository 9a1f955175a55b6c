# jstack.both: recorded, header and native frames (what they hold differs
# between worlds: no interpreter in either)
-- recsize
208
-- asm
emitjstack 0, 64, 4
movi r1, 1
ret r1
-- result
1
