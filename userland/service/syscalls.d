/*
 * syscalls.d - an example for sonde@.service: the system calls each
 * program made, printed every minute and started again.  As a service:
 *
 *   cp /usr/share/doc/sonde/examples/syscalls.d /etc/sonde/scripts.d/
 *   systemctl enable --now sonde@syscalls
 *   journalctl -u sonde@syscalls -f
 */
#pragma D option quiet

syscall:::entry
{
	@calls[execname, probefunc] = count();
}

tick-60s
{
	printf("%Y\n", walltimestamp);
	printa("%-20s %-24s %@10u\n", @calls);
	trunc(@calls);
}
