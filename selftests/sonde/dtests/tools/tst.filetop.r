rc=0
Tracing reads and writes... Hit Ctrl-C to end.
PID     COMM             T      OPS        BYTES FILE
toolwork W 4 16384 data
