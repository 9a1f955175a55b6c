-- @@stderr --
sonde: script 'err.dynvarsize_too_small.d' matched 1 probe
sonde: could not enable tracing: Enabling exceeds size of buffer (option dynvarsize: 15 bytes do not hold a dynamic variable of 16 bytes)
