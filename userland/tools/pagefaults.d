#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pagefaults.d - user page faults by process, and whether a read or a
 * write caused them (the exceptions:page_fault_user tracepoint, x86):
 * first touches of new memory (heap growth, a big allocation, a file
 * mapped in), copy-on-write after fork(2), pages read back from a file
 * or swap.  A process whose memory keeps growing faults all the time.
 *
 * USAGE: pagefaults.d [SECONDS]
 *   SECONDS   stop after SECONDS seconds
 *
 * With -p PID or -c CMD, only that process, and the user stacks that
 * fault most too.  Without SECONDS, prints at ^C (or at the end of the
 * -c command).  pagefaults.d(8).
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
	printf("USAGE: pagefaults.d [SECONDS]\n");
	printf("  SECONDS   stop after SECONDS seconds\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/!usage/
{
	printf("Tracing user page faults... Hit Ctrl-C to end.\n");
}

/* arg0: the faulting address, arg2: the error code (bit 1: a write) */
tracepoint:exceptions::page_fault_user
/!usage && pid != $pid && ($target == 0 || pid == $target)/
{
	@faults[execname, pid, arg2 & 2 ? "write" : "read"] = count();
}

tracepoint:exceptions::page_fault_user
/!usage && $target && pid == $target/
{
	@stacks[ustack(8)] = count();
}

tick-1s
/!usage && secs && ++ticks == secs/
{
	exit(0);
}

END
/!usage && $target/
{
	printf("Top user stacks:\n");
	trunc(@stacks, 5);
	printa("%k  %@d\n\n", @stacks);
}

END
/!usage/
{
	printf("%-16s %-7s %-6s %10s\n", "COMM", "PID", "TYPE", "FAULTS");
	printa("%-16s %-7d %-6s %@10d\n", @faults);
}
