rc=0
TIME(ms)  PID     COMM             SIG     TPID    RESULT
sh 0 999999 3
toolwork USR1 self 0
toolwork USR1 self 0
toolwork USR1 self 0
