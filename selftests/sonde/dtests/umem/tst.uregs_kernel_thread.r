done

-- @@stderr --
sonde: error on enabled probe ID 1 (ID I: profile:::profile-997): invalid address (0x0) in action #1 at DIF offset N
