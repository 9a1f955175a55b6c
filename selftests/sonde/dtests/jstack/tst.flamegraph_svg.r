exit status 0
root: svg
all: yes
inner (SPIN): yes
outer (OUTER_SPIN): yes
main (MAIN): yes
-- @@stderr --
sonde: script 'flamegraph.d' matched 2 probes
