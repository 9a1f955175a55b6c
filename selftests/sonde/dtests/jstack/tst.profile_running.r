jstack() walks ended early: at most 1% of the samples
record profile:::tick-4s [{"action": "exit", "status": 0}]
samples: at least 100
in inner (SPIN or SPIN2) <- outer (OUTER_SPIN) <- main (MAIN): at least 90%
-- @@stderr --
sonde: script 'profile.d' matched 2 probes
