a|b|-1

-- @@stderr --
sonde: error on enabled probe ID 1 (ID 1: dtrace:::BEGIN): invalid address (0x0) in action #1 at DIF offset N
