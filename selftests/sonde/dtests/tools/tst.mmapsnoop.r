rc=0
TIME(ms)  PID     COMM                 LENGTH PROT FLAG   FD ERR ADDRESS
toolwork 409600 RW- PA- -1 0 ADDRESS
