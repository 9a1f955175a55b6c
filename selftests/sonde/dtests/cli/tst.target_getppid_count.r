
  loop-getppid                                                   1000
-- @@stderr --
sonde: script 'tst.target_getppid_count.d' matched 1 probe
sonde: pid PID has exited
