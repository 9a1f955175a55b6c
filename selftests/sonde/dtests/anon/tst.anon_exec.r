sonde: saved anonymous enabling in $T/anon.img
sonde: load the sonde module again, or reboot (after update-initramfs -u if sonde is in the initramfs), to enable changes
-A: exit status 0
sonde: could not enable tracing: the anonymous tracing state is claimed by another consumer, still running
a second -a: exit status 1
the first -a: exit status 0
begin
exec loop-getppid
exec loop-getppid
exec loop-getppid

end

               30
its stderr:
sonde: could not enable tracing: No anonymous tracing state
-a once it is gone: exit status 1
sonde: cleaned up old anonymous enabling in $T/anon.img
-A alone: exit status 0, file removed
sonde: could not enable tracing: No anonymous tracing state
-a after the removal: exit status 1
sonde: anonymous enabling $T/anon.img started: 4 enablings, BEGIN on CPU N
sonde: anonymous enabling claimed by pid PID
