rc=0
TIME(ms)  PID     COMM             CALL       ERR PATH
toolwork newfstatat 0 /etc/passwd
toolwork newfstatat 0 /etc/passwd
toolwork newfstatat 2 /nonexistent
