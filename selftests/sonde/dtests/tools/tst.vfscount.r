rc=0
Tracing VFS calls... Hit Ctrl-C to end.
FUNCTION                              COUNT
at least 40
