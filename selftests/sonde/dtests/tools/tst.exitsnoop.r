rc=0
TIME(ms)  PID     PPID    COMM               AGE(ms) EXIT
   loop-getppid  exit 0
   toolwork  exit 3
   toolwork  signal 11
