#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pygc.d - a Python program's garbage collections: for each generation
 * (0, 1, 2: 2 is a full collection) how many ran, how long they took as
 * a histogram in microseconds, and how many unreachable objects they
 * found (the python provider's gc-start and gc-done USDT probes).  Long
 * full collections are pauses of the whole program.
 *
 * USAGE: pygc.d -p PID | -c CMD [SECONDS]
 *   SECONDS   stop after SECONDS seconds
 *
 * Prints at ^C, at the end of the process or after SECONDS.
 * pygc.d(8).
 */

#pragma D option quiet
#pragma D option zdefs
#pragma D option defaultargs

BEGIN
{
	secs = strtoll($$1);
	usage = $target == 0 || ($$1 != "" && secs <= 0);
}

BEGIN
/usage/
{
	printf("USAGE: pygc.d -p PID | -c CMD [SECONDS]\n");
	printf("  SECONDS   stop after SECONDS seconds\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/!usage/
{
	printf("Tracing Python garbage collections of pid %d... Hit Ctrl-C to end.\n",
	    $target);
}

/* gc-start: arg0 = the generation */
python$target:::gc-start
/!usage/
{
	self->gen = (int)arg0;
	self->ts = timestamp;
}

/* gc-done: arg0 = the unreachable objects found */
python$target:::gc-done
/self->ts/
{
	@us[self->gen] = quantize((timestamp - self->ts) / 1000);
	@runs[self->gen] = count();
	@found[self->gen] = sum((int64_t)arg0);
	self->ts = 0;
	self->gen = 0;
}

tick-1s
/!usage && secs && ++ticks == secs/
{
	exit(0);
}

END
/!usage/
{
	printa("\n  generation %d, collection time (us)\n%@d", @us);
	printf("\n%-10s %8s %12s\n", "GENERATION", "RUNS", "UNREACHABLE");
	printa("%-10d %@8d %@12d\n", @runs, @found);
}
