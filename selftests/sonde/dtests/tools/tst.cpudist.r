rc=0
Tracing on-CPU time... Hit Ctrl-C to end.
  toolwork, on-CPU time (us)
slices of a millisecond or more
