
-- @@stderr --
sonde: script 'tst.raise.d' matched 1 probe
sonde: allowing destructive actions
sonde: pid PID terminated by SIGKILL
