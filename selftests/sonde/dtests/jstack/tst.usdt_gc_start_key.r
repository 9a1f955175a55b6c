firings in collector <- outer <- main: 50
-- @@stderr --
sonde: script 'tst.usdt_gc_start_key.d' matched 1 probe
sonde: pid PID has exited
