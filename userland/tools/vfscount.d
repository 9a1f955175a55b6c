#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vfscount.d - count calls of the kernel's VFS functions (every
 * vfs_*() function fbt can trace: vfs_read, vfs_write, vfs_open,
 * vfs_getattr, vfs_unlink, vfs_rename, ...), most frequent last.
 *
 * USAGE: vfscount.d [INTERVAL [COUNT]]
 *   INTERVAL   print and reset the counts every INTERVAL seconds
 *   COUNT      stop after COUNT intervals
 *
 * Without INTERVAL, prints the counts at ^C (or at the end of the -c
 * command).  vfscount.d(8).
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
	printf("USAGE: vfscount.d [INTERVAL [COUNT]]\n");
	printf("  INTERVAL   print and reset the counts every INTERVAL seconds\n");
	printf("  COUNT      stop after COUNT intervals\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/!usage/
{
	printf("Tracing VFS calls... Hit Ctrl-C to end.\n");
}

fbt::vfs_*:entry
/!usage/
{
	@calls[probefunc] = count();
}

tick-1s
/!usage && interval && ++ticks == interval/
{
	printf("\n%Y\n", walltimestamp);
	printf("%-32s %10s\n", "FUNCTION", "COUNT");
	printa("%-32s %@10d\n", @calls);
	trunc(@calls);
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
	printf("%-32s %10s\n", "FUNCTION", "COUNT");
	printa("%-32s %@10d\n", @calls);
}
