
do_syscall_64 frame

do_syscall_64 frame

