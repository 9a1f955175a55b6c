rc=0
Tracing heap growth... Hit Ctrl-C to end.
PID     COMM                CALLS          BYTES
toolwork 4 262144
