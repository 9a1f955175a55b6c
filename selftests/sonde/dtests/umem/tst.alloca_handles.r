8 a/b b / 42 0
fault 1 at 0x8

-- @@stderr --
sonde: error on enabled probe ID 2 (ID 1: dtrace:::BEGIN): invalid address (0x8) in action #1 at DIF offset N
