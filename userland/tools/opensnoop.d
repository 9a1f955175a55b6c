#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * opensnoop.d - trace files being opened: one line for each open(2)
 * and openat(2), with the process, the file descriptor it got (or -1
 * and the errno: 2 ENOENT, 13 EACCES, ...) and the path it asked for.
 * Which configuration files a program reads, which it looks for and
 * does not find, which logs it writes.
 *
 * USAGE: opensnoop.d [NAME]
 *   NAME   only processes whose name (execname) is NAME
 *
 * Traces until ^C, or until the -c command ends.  opensnoop.d(8).
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
	printf("USAGE: opensnoop.d [NAME]\n");
	printf("  NAME   only processes whose name (execname) is NAME\n");
	exit(0);
}

BEGIN
/!usage/
{
	printf("%-9s %-7s %-16s %4s %3s %s\n", "TIME(ms)", "PID", "COMM", "FD",
	    "ERR", "PATH");
}

/*
 * The path is read when the call returns: by then the kernel has read
 * it, so its page is in memory.
 */
syscall::open:entry
/!usage && pid != $pid && ($$1 == "" || execname == $$1)/
{
	self->path = arg0;
}

syscall::openat:entry
/!usage && pid != $pid && ($$1 == "" || execname == $$1)/
{
	self->path = arg1;
}

syscall::open:return,
syscall::openat:return
/self->path/
{
	this->ret = (int)arg1;
	printf("%-9d %-7d %-16s %4d %3d %s\n", (timestamp - start) / 1000000,
	    pid, execname, this->ret >= 0 ? this->ret : -1,
	    this->ret >= 0 ? 0 : -this->ret, copyinstr(self->path));
	self->path = 0;
}
