samples: at least 20
python frames: 0
with native frames: at least 90%
stacks flagged: 0
-- @@stderr --
sonde: script 'tst.not_python_native_only.d' matched 1 probe
sonde: pid PID has exited
