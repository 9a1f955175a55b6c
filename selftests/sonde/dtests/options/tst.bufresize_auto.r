up

-- @@stderr --
sonde: buffer size lowered to N
