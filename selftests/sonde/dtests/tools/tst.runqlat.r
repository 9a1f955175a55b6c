rc=0
Tracing run-queue latency... Hit Ctrl-C to end.
  run-queue latency (us)
at least 20
