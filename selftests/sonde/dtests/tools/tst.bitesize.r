rc=0
Tracing block I/O sizes... Hit Ctrl-C to end.
dd I/O size (bytes)
8192 5
