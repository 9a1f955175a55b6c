#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vfsstat.d - the VFS's busiest operations, per second: reads, writes,
 * fsyncs, opens and creates through the kernel's virtual file system,
 * whatever the file system (the vfs_read(), vfs_write(), vfs_fsync_range(),
 * vfs_open() and security_inode_create() kernel functions, by fbt).  A
 * first look at a file-system workload before opensnoop.d or filetop.d.
 *
 * USAGE: vfsstat.d [INTERVAL [COUNT]]
 *   INTERVAL   seconds per line (default 1)
 *   COUNT      stop after COUNT lines
 *
 * Runs until ^C (or the end of the -c command).  vfsstat.d(8).
 */

#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	interval = $$1 != "" ? strtoll($$1) : 1;
	limit = strtoll($$2);
	usage = $$1 == "help" || interval <= 0 || ($$2 != "" && limit <= 0);
}

BEGIN
/usage/
{
	printf("USAGE: vfsstat.d [INTERVAL [COUNT]]\n");
	printf("  INTERVAL   seconds per line (default 1)\n");
	printf("  COUNT      stop after COUNT lines\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/!usage/
{
	printf("%-20s %8s %8s %8s %8s %8s\n", "TIME", "READ/s", "WRITE/s",
	    "FSYNC/s", "OPEN/s", "CREATE/s");
}

fbt::vfs_read:entry	/!usage/ { @r = sum(1); }
fbt::vfs_write:entry	/!usage/ { @w = sum(1); }
fbt::vfs_fsync_range:entry /!usage/ { @f = sum(1); }
fbt::vfs_open:entry	/!usage/ { @o = sum(1); }
fbt::security_inode_create:entry /!usage/ { @c = sum(1); }

tick-1s
/!usage && ++ticks == interval/
{
	/* an operation that did not happen prints 0 */
	@r = sum(0); @w = sum(0); @f = sum(0); @o = sum(0); @c = sum(0);
	normalize(@r, interval);
	normalize(@w, interval);
	normalize(@f, interval);
	normalize(@o, interval);
	normalize(@c, interval);
	printf("%Y ", walltimestamp);
	printa("%@8d %@8d %@8d %@8d %@8d\n", @r, @w, @f, @o, @c);
	trunc(@r); trunc(@w); trunc(@f); trunc(@o); trunc(@c);
	ticks = 0;
	lines++;
}

tick-1s
/!usage && limit && lines == limit/
{
	exit(0);
}
