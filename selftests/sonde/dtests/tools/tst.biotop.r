rc=0
Tracing block I/O... Hit Ctrl-C to end.
PID     COMM             DISK   T    I/O     KBYTES    AVG(us)
dd vda R 10 40
