-- @@stderr --
sonde: could not enable tracing: Enabling exceeds size of buffer (option bufsize: 20 bytes do not hold a record of 40 bytes)
