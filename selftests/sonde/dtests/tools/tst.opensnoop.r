rc=0
TIME(ms)  PID     COMM               FD ERR PATH
cat fd 0 /etc/group
toolwork -1 2 /nonexistent
toolwork fd 0 /etc/passwd
toolwork fd 0 /etc/passwd
cat fd 0 /etc/group
