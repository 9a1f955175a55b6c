#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cpudist.d - how long threads run once on a CPU: a histogram of
 * on-CPU times, from sched:::on-cpu to the next sched:::off-cpu, in
 * microseconds.  Short slices mean threads that block often (I/O,
 * locks) or are preempted; long ones mean CPU-bound work.
 *
 * USAGE: cpudist.d [INTERVAL [COUNT]]
 *   INTERVAL   print and reset the histogram every INTERVAL seconds
 *   COUNT      stop after COUNT intervals
 *
 * With -p PID or -c CMD, only that process's threads, by thread name.
 * Without INTERVAL, prints at ^C (or at the end of the -c command).
 * cpudist.d(8).
 */

#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	interval = strtoll($$1);
	limit = strtoll($$2);
	usage = $$1 == "help" || ($$1 != "" && interval <= 0) ||
	    ($$2 != "" && limit <= 0);
}

BEGIN
/usage/
{
	printf("USAGE: cpudist.d [INTERVAL [COUNT]]\n");
	printf("  INTERVAL   print and reset the histogram every INTERVAL seconds\n");
	printf("  COUNT      stop after COUNT intervals\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/!usage/
{
	printf("Tracing on-CPU time... Hit Ctrl-C to end.\n");
}

sched:::on-cpu
/!usage && pid != 0 && ($target == 0 || pid == $target)/
{
	self->on = timestamp;
}

sched:::off-cpu
/self->on/
{
	@us[$target ? execname : "all"] = quantize((timestamp - self->on) / 1000);
	self->on = 0;
}

tick-1s
/!usage && interval && ++ticks == interval/
{
	printf("\n%Y\n", walltimestamp);
	printa("\n  %s, on-CPU time (us)\n%@d", @us);
	trunc(@us);
	ticks = 0;
	intervals++;
}

tick-1s
/!usage && limit && intervals == limit/
{
	exit(0);
}

END
/!usage && !interval/
{
	printa("\n  %s, on-CPU time (us)\n%@d", @us);
}
