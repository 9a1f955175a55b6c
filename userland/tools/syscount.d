#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * syscount.d - count system calls: the busiest system calls and the
 * processes that make the most, top ten of each.  The first thing to
 * look at when a process is busy in the kernel, or when the system's
 * time goes to "sys".
 *
 * USAGE: syscount.d [INTERVAL [COUNT]]
 *   INTERVAL   print and reset the counts every INTERVAL seconds
 *   COUNT      stop after COUNT intervals
 *
 * With -p PID or -c CMD, only that process.  Without INTERVAL, prints
 * at ^C (or at the end of the -c command).  sonde's own calls are left
 * out.  syscount.d(8).
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
	printf("USAGE: syscount.d [INTERVAL [COUNT]]\n");
	printf("  INTERVAL   print and reset the counts every INTERVAL seconds\n");
	printf("  COUNT      stop after COUNT intervals\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/!usage/
{
	printf("Counting system calls... Hit Ctrl-C to end.\n");
}

syscall:::entry
/!usage && pid != $pid && ($target == 0 || pid == $target)/
{
	@calls[probefunc] = count();
	@procs[pid, execname] = count();
}

tick-1s
/!usage && interval && ++ticks == interval/
{
	printf("\n%Y\n", walltimestamp);
	trunc(@calls, 10);
	trunc(@procs, 10);
	printf("%-22s %10s\n", "SYSCALL", "COUNT");
	printa("%-22s %@10d\n", @calls);
	printf("\n%-7s %-16s %10s\n", "PID", "COMM", "COUNT");
	printa("%-7d %-16s %@10d\n", @procs);
	trunc(@calls);
	trunc(@procs);
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
	trunc(@calls, 10);
	trunc(@procs, 10);
	printf("%-22s %10s\n", "SYSCALL", "COUNT");
	printa("%-22s %@10d\n", @calls);
	printf("\n%-7s %-16s %10s\n", "PID", "COMM", "COUNT");
	printa("%-7d %-16s %@10d\n", @procs);
}
