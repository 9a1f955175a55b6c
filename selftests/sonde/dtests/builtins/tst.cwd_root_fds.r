cwd /tmp/sonde-dt-cwd/a/bb/ccc root / pwd /tmp/sonde-dt-cwd/a/bb/ccc
fd 1: /tmp/sonde-dt-cwd/a/bb/ccc/out [out] [/tmp/sonde-dt-cwd/a/bb/ccc] <unknown> oflags 401 offset 0
fd 99: <none> <none> 0
fd -1: <none>
cwd /proc/sys/kernel root / pwd /proc/sys/kernel
fd 1: /dev/null [null] [/dev] <unknown> oflags 1 offset 0
fd 99: <none> <none> 0
fd -1: <none>

