rc=0
Counting system calls... Hit Ctrl-C to end.
SYSCALL                     COUNT
getppid                       100
loop-getppid at least 100
