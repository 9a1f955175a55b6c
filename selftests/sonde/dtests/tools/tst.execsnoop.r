rc=0
TIME(ms)  UID   PID     PPID    COMM             ARGS
 0   loop-getppid loop-getppid 2
 0   loop-getppid loop-getppid 3
 0   toolwork toolwork exit 0
rc=0
 0   loop-getppid loop-getppid 2
 0   loop-getppid loop-getppid 3
