rc=0
Tracing malloc() of pid PID... Hit Ctrl-C to end.
malloc 65536 7
FUNCTION CALLS
calloc 1
