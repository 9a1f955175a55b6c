#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * syncsnoop.d - trace the calls that flush data to storage: sync(2),
 * syncfs(2), fsync(2), fdatasync(2), sync_file_range(2) and msync(2),
 * with the process, the file descriptor (or address) and how long the
 * call took.  Databases and editors fsync; a process that syncs too
 * often stalls its own writes and everybody else's.
 *
 * USAGE: syncsnoop.d [NAME]
 *   NAME   only processes whose name (execname) is NAME
 *
 * Traces until ^C, or until the -c command ends.  syncsnoop.d(8).
 */

#pragma D option quiet
#pragma D option defaultargs
#pragma D option switchrate=10hz

BEGIN
{
	usage = $$1 == "help";
	start = timestamp;
}

BEGIN
/usage/
{
	printf("USAGE: syncsnoop.d [NAME]\n");
	printf("  NAME   only processes whose name (execname) is NAME\n");
	exit(0);
}

BEGIN
/!usage/
{
	printf("%-9s %-7s %-16s %-16s %6s %10s\n", "TIME(ms)", "PID", "COMM",
	    "CALL", "FD", "LAT(us)");
}

syscall::sync:entry,
syscall::syncfs:entry,
syscall::fsync:entry,
syscall::fdatasync:entry,
syscall::sync_file_range:entry,
syscall::msync:entry
/!usage && ($$1 == "" || execname == $$1)/
{
	self->ts = timestamp;
	self->fd = probefunc == "sync" ? -1 : probefunc == "msync" ? 0 :
	    (int)arg0;
}

syscall::sync:return,
syscall::syncfs:return,
syscall::fsync:return,
syscall::fdatasync:return,
syscall::sync_file_range:return,
syscall::msync:return
/self->ts/
{
	printf("%-9d %-7d %-16s %-16s %6d %10d\n",
	    (self->ts - start) / 1000000, pid, execname, probefunc, self->fd,
	    (timestamp - self->ts) / 1000);
	self->ts = 0;
	self->fd = 0;
}
