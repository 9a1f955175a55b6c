12648430
12648430
12648430
12648430

-- @@stderr --
sonde: error on enabled probe ID 1 (ID I: syscall::write:entry): invalid address (0x1) in action #1 at DIF offset N
