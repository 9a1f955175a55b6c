# HELP sonde_calls_total @calls = count() by execname, probefunc
# TYPE sonde_calls_total counter
sonde_calls_total{execname="loop-getppid",probefunc="getppid"} 1000
# HELP sonde_three @three = lquantize()
# TYPE sonde_three histogram
sonde_three_bucket{le="-1"} 0
sonde_three_bucket{le="1"} 0
sonde_three_bucket{le="3"} 1000
sonde_three_bucket{le="5"} 1000
sonde_three_bucket{le="+Inf"} 1000
sonde_three_count 1000
-- @@stderr --
sonde: script 'tst.getppid_count_prom.d' matched 1 probe
sonde: pid PID has exited
