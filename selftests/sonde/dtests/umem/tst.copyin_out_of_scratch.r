
-- @@stderr --
sonde: error on enabled probe ID 1 (ID I: syscall::write:entry): out of scratch space in action #1 at DIF offset N
