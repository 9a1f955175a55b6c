#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * syslat.d - system call latency: for each system call a histogram of
 * the time from its entry to its return, in microseconds.  Slow reads
 * (a disk, a pipe that waits), slow fsyncs, futex waits and polls that
 * block show up as the long buckets.
 *
 * USAGE: syslat.d [NAME]
 *   NAME   only this system call (read, futex, ...)
 *
 * With -p PID or -c CMD, only that process.  Prints at ^C (or at the
 * end of the -c command).  sonde's own calls are left out.
 * syslat.d(8).
 */

#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	usage = $$1 == "help";
}

BEGIN
/usage/
{
	printf("USAGE: syslat.d [NAME]\n");
	printf("  NAME   only this system call (read, futex, ...)\n");
	exit(0);
}

BEGIN
/!usage/
{
	printf("Tracing system call latency... Hit Ctrl-C to end.\n");
}

syscall:::entry
/!usage && pid != $pid && ($target == 0 || pid == $target) &&
    ($$1 == "" || probefunc == $$1)/
{
	self->ts = timestamp;
}

syscall:::return
/self->ts/
{
	@us[probefunc] = quantize((timestamp - self->ts) / 1000);
	self->ts = 0;
}

END
/!usage/
{
	printa("\n  %s, latency (us)\n%@d", @us);
}
