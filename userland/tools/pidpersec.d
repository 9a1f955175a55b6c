#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pidpersec.d - new processes per second: every fork(2), vfork(2) and
 * clone(2) that makes a process (not a thread), counted each second,
 * and the total at the end.  A steady stream of short-lived processes
 * (a shell loop, a monitoring agent) shows up here.
 *
 * USAGE: pidpersec.d [SECONDS]
 *   SECONDS   stop after SECONDS seconds
 *
 * Without SECONDS, runs until ^C (or the end of the -c command).
 * pidpersec.d(8).
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
	printf("USAGE: pidpersec.d [SECONDS]\n");
	printf("  SECONDS   stop after SECONDS seconds\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/!usage/
{
	printf("%-20s %6s\n", "TIME", "NEW/s");
}

proc:::create
/!usage/
{
	@persec = sum(1);
	@total = sum(1);
}

tick-1s
/!usage/
{
	@persec = sum(0);	/* a second with none prints 0 */
	printf("%Y ", walltimestamp);
	printa("%@6d\n", @persec);
	trunc(@persec);
}

tick-1s
/!usage && secs && ++ticks == secs/
{
	exit(0);
}

END
/!usage/
{
	trunc(@persec);		/* the last, partial second is in the total */
	@total = sum(0);
	printa("total: %@d new processes\n", @total);
}
