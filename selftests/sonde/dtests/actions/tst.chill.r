1

-- @@stderr --
sonde: error on enabled probe ID 2 (ID 1: dtrace:::BEGIN): illegal operation in action #1 at DIF offset N
