firings in writer <- outer <- main: 200
-- @@stderr --
sonde: script 'tst.pid_write_key.d' matched 1 probe
sonde: pid PID has exited
