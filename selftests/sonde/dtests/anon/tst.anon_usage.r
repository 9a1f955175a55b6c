exit status 1
exit status 2
exit status 2
sonde: cannot save an anonymous enabling: probe fbt:vmlinux:vfs_read:entry cannot be enabled anonymously: fbt probes exist once a consumer offers them, not at module load
exit status 1
exit status 2
exit status 1
-- @@stderr --
sonde: could not enable tracing: Can't claim anonymous state and enable probes
sonde: -a and -A cannot be used together
sonde: -A cannot be used with -c or -p: the process will not be there at boot
sonde: -A without a program removes the saved enabling and takes no arguments (extra); give the program with -n or -s
sonde: could not enable tracing: No anonymous tracing state
