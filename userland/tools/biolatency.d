#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * biolatency.d - block I/O latency as a histogram per disk: the time
 * from a request's issue to the device (io:::start) to its completion
 * (io:::done), in microseconds.  Two modes (cache hits and disk
 * seeks), a long tail of slow I/O, a device slower than it should be:
 * the shape says which.
 *
 * USAGE: biolatency.d [INTERVAL [COUNT]]
 *   INTERVAL   print and reset the histograms every INTERVAL seconds
 *   COUNT      stop after COUNT intervals
 *
 * Without INTERVAL, prints at ^C (or at the end of the -c command).
 * biolatency.d(8).
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
	printf("USAGE: biolatency.d [INTERVAL [COUNT]]\n");
	printf("  INTERVAL   print and reset the histograms every INTERVAL seconds\n");
	printf("  COUNT      stop after COUNT intervals\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/!usage/
{
	printf("Tracing block I/O... Hit Ctrl-C to end.\n");
}

/* arg4: the request, the same at start and done */
io:::start
/!usage/
{
	issued[arg4] = timestamp;
}

io:::done
/issued[arg4]/
{
	@us[args[1]->dev_statname] = quantize((timestamp - issued[arg4]) / 1000);
	issued[arg4] = 0;
}

tick-1s
/!usage && interval && ++ticks == interval/
{
	printf("\n%Y\n", walltimestamp);
	printa("\n  %s, latency (us)\n%@d", @us);
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
	printa("\n  %s, latency (us)\n%@d", @us);
}
