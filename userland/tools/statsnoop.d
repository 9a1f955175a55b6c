#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * statsnoop.d - trace the stat(2) family: stat, lstat, fstatat
 * (newfstatat) and statx, with the process, the result (0, or the
 * errno: 2 ENOENT, ...) and the path.  Programs that probe for files
 * (a search path, a lock file, a cache) show up here.  An fstat() of an
 * open file, which glibc makes an fstatat() of "", shows as "<fd N>".
 *
 * USAGE: statsnoop.d [NAME]
 *   NAME   only processes whose name (execname) is NAME
 *
 * Traces until ^C, or until the -c command ends.  statsnoop.d(8).
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
	printf("USAGE: statsnoop.d [NAME]\n");
	printf("  NAME   only processes whose name (execname) is NAME\n");
	exit(0);
}

BEGIN
/!usage/
{
	printf("%-9s %-7s %-16s %-10s %3s %s\n", "TIME(ms)", "PID", "COMM",
	    "CALL", "ERR", "PATH");
}

syscall::stat:entry,
syscall::lstat:entry
/!usage && pid != $pid && ($$1 == "" || execname == $$1)/
{
	self->path = arg0;
	self->fd = -100;	/* AT_FDCWD */
}

syscall::newfstatat:entry,
syscall::statx:entry
/!usage && pid != $pid && ($$1 == "" || execname == $$1)/
{
	self->path = arg1;
	self->fd = (int)arg0;
}

syscall::stat:return,
syscall::lstat:return,
syscall::newfstatat:return,
syscall::statx:return
/self->path/
{
	this->ret = (int)arg1;
	this->p = copyinstr(self->path);
	printf("%-9d %-7d %-16s %-10s %3d %s\n", (timestamp - start) / 1000000,
	    pid, execname, probefunc, this->ret < 0 ? -this->ret : 0,
	    this->p != "" ? this->p :
	    strjoin("<fd ", strjoin(lltostr(self->fd), ">")));
	self->path = 0;
	self->fd = 0;
}
