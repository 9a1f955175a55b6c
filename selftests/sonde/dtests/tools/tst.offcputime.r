rc=0
Tracing off-CPU time... Hit Ctrl-C to end.
toolwork nanosleep
at least 250 ms
