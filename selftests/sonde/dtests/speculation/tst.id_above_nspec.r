
-- @@stderr --
sonde: error on enabled probe ID 1 (ID 1: dtrace:::BEGIN): illegal operation in action #1 at DIF offset N
