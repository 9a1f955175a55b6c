rc=0
Tracing CPUs... Hit Ctrl-C to end.
toolwork, CPU
cpu 0 or 1
