#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * offcputime.d - why threads are not running: the time they spend off
 * a CPU (blocked on I/O, a lock, a sleep, or waiting for a CPU), summed
 * by process name and the kernel stack where they went off it, in
 * microseconds, largest last.  The other half of a CPU profile.
 *
 * USAGE: offcputime.d [SECONDS]
 *   SECONDS   stop after SECONDS seconds
 *
 * With -p PID or -c CMD, only that process's threads.  Without
 * SECONDS, prints at ^C (or at the end of the -c command).  The stacks
 * also fold for flame graphs: sonde -O folded -s offcputime.d.
 * offcputime.d(8).
 */

#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	secs = strtoll($$1);
	usage = $$1 == "help" || ($$1 != "" && secs <= 0);
}

BEGIN
/usage/
{
	printf("USAGE: offcputime.d [SECONDS]\n");
	printf("  SECONDS   stop after SECONDS seconds\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/!usage/
{
	printf("Tracing off-CPU time... Hit Ctrl-C to end.\n");
}

sched:::off-cpu
/!usage && pid != 0 && ($target == 0 || pid == $target)/
{
	self->off = timestamp;
}

/* the stack here is where the thread went off the CPU: it resumes */
sched:::on-cpu
/self->off/
{
	@us[execname, stack()] = sum((timestamp - self->off) / 1000);
	self->off = 0;
}

tick-1s
/!usage && secs && ++ticks == secs/
{
	exit(0);
}

END
/!usage/
{
	printa("%s%k  %@d us\n\n", @us);
}
