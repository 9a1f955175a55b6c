# stack.kernel: recorded (the frames themselves differ between worlds)
-- recsize
64
-- asm
emitkstack 0, 4
emitustack 32, 4
movi r1, 1
ret r1
-- result
1
