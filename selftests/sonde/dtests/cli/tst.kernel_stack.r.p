# do_syscall_64's frame (the offset varies with the build); the frames
# below it are the provider's own.
awk '/^ +vmlinux`do_syscall_64\+0x[0-9a-f]+$/ { print "do_syscall_64 frame"; next } /^$/ { print }'
