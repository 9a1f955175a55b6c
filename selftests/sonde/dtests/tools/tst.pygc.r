rc=0
Tracing Python garbage collections of pid PID... Hit Ctrl-C to end.
  generation 2, collection time (us)
GENERATION     RUNS  UNREACHABLE
2 at least 3 runs at least 60 objects
