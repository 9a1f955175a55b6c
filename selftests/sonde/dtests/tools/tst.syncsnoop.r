rc=0
TIME(ms)  PID     COMM             CALL                 FD    LAT(us)
sync sync -1
toolwork fdatasync fd
toolwork fsync fd
toolwork fsync fd
