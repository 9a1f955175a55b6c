exit 0
pprof-dump: exit 0
label execname=loop-getppid
total calls 1000
total u 1000
type calls count
type u count
kernel samples of 1000 through do_syscall_64: 1
user samples of 1000 in syscall() from main(): 1
exit 0
the second run replaced the file
total calls 1000
total u 1000
sonde: description 'syscall::getppid:entry ' matched 1 probe
sonde: pid PID has exited
