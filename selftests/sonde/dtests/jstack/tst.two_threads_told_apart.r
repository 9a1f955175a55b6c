spin_a (SPIN_A): at least 20 samples, from 1 thread
spin_b (SPIN_B): at least 20 samples, from 1 thread
spin_a and spin_b in the same thread: no
stacks with both: 0
-- @@stderr --
sonde: script 'tst.two_threads_told_apart.d' matched 1 probe
sonde: pid PID has exited
