syscount.d: rc=0
getppid                         5
hello, world

hello.d: rc=0
dtrace: description 'BEGIN ' matched 1 probe
dtrace -n: rc=0
dtrace -s: rc=1
dtrace: failed to open $T/nonexistent.d: No such file or directory
