rc=0
Tracing system call latency... Hit Ctrl-C to end.
  getppid, latency (us)
100 calls
