jstack() walks ended early: at most 1% of the samples
lines not "frames count": 0
samples: at least 100
<module> (MODULE);main (MAIN);outer (OUTER_SPIN);inner (SPIN or SPIN2): at least 90%
-- @@stderr --
sonde: script 'profile.d' matched 2 probes
