rc=0
Tracing block I/O... Hit Ctrl-C to end.
  vda, latency (us)
20 I/Os
