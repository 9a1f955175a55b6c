-- @@stderr --
sonde: script 'err.aggsize_too_small.d' matched 1 probe
sonde: could not enable tracing: Enabling exceeds size of buffer (option aggsize: 8 bytes do not hold an aggregation entry of 24 bytes)
