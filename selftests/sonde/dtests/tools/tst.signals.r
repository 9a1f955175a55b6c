rc=0
Tracing signals... Hit Ctrl-C to end.
FROM             PID     TO               TPID    SIGNAL     COUNT
toolwork sh SIGCHLD 1
toolwork toolwork SIGUSR1 5
