rc=0
Tracing failed system calls... Hit Ctrl-C to end.
COMM             SYSCALL                  ERR NAME              COUNT
toolwork         openat                    20 ENOTDIR               5
