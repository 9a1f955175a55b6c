== /metrics
# HELP sonde_calls_total @calls = count() by probefunc
# TYPE sonde_calls_total counter
sonde_calls_total{probefunc="getppid"} 700
== the file (while tracing)
# HELP sonde_calls_total @calls = count() by probefunc
# TYPE sonde_calls_total counter
sonde_calls_total{probefunc="getppid"} 700
== another path
server returned error: HTTP/1.1 404 Not Found
== temporary files left: 0
== exit 0
== the file (at the end)
# HELP sonde_calls_total @calls = count() by probefunc
# TYPE sonde_calls_total counter
sonde_calls_total{probefunc="getppid"} 700
== stdout
== stderr
sonde: description 'syscall::getppid:entry ' matched 1 probe
