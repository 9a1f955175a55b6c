<module> (jstack_prog.py:MODULE);main (jstack_prog.py:MAIN);outer (jstack_prog.py:OUTER_WRITE);writer (jstack_prog.py:WRITE) 200
samples through main (MAIN);outer (OUTER_WRITE);writer (WRITE): 200
lines not "frames count": 0
-- @@stderr --
sonde: script 'tst.folded_exact_counts.d' matched 1 probe
sonde: pid PID has exited
