rc=0
Tracing user page faults... Hit Ctrl-C to end.
COMM             PID     TYPE       FAULTS
at least 100
touch() among the top stacks
