#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * filetop.d - which files are read and written, by whom, and how much:
 * reads, writes and bytes through the VFS (vfs_read() and vfs_write(),
 * by fbt: regular files, pipes, sockets, devices alike), by process and
 * file name, every INTERVAL seconds, the busiest last.
 *
 * USAGE: filetop.d [INTERVAL [COUNT]]
 *   INTERVAL   seconds per report (default 5)
 *   COUNT      stop after COUNT reports
 *
 * Runs until ^C (or the end of the -c command, with a last report).
 * filetop.d(8).
 */

#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	interval = $$1 != "" ? strtoll($$1) : 5;
	limit = strtoll($$2);
	usage = $$1 == "help" || interval <= 0 || ($$2 != "" && limit <= 0);
}

BEGIN
/usage/
{
	printf("USAGE: filetop.d [INTERVAL [COUNT]]\n");
	printf("  INTERVAL   seconds per report (default 5)\n");
	printf("  COUNT      stop after COUNT reports\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/!usage/
{
	printf("Tracing reads and writes... Hit Ctrl-C to end.\n");
}

fbt::vfs_read:entry,
fbt::vfs_write:entry
/!usage && pid != $pid/
{
	/* the name is read at return: the file is open until then */
	self->name = (uint64_t)args[0]->f_path.dentry->d_name.name;
	self->write = probefunc == "vfs_write";
	self->in = 1;
}

fbt::vfs_read:return,
fbt::vfs_write:return
/self->in/
{
	dirty = 1;
	this->ret = (int64_t)args[1];
	this->file = stringof((char *)self->name);
	@bytes[pid, execname, self->write ? "W" : "R", this->file] =
	    sum(this->ret > 0 ? this->ret : 0);
	@ops[pid, execname, self->write ? "W" : "R", this->file] = count();
	self->name = 0;
	self->write = 0;
	self->in = 0;
}

tick-1s
/!usage && ++ticks == interval/
{
	printf("\n%Y\n", walltimestamp);
	printf("%-7s %-16s %1s %8s %12s %s\n", "PID", "COMM", "T", "OPS",
	    "BYTES", "FILE");
	printa("%-7d %-16s %1s %@8d %@12d %s\n", @ops, @bytes);
	trunc(@ops);
	trunc(@bytes);
	ticks = 0;
	dirty = 0;
	reports++;
}

tick-1s
/!usage && limit && reports == limit/
{
	exit(0);
}

/* the last, partial interval (or the only one, for a short -c command) */
END
/!usage && dirty/
{
	printf("\n%Y\n", walltimestamp);
	printf("%-7s %-16s %1s %8s %12s %s\n", "PID", "COMM", "T", "OPS",
	    "BYTES", "FILE");
	printa("%-7d %-16s %1s %@8d %@12d %s\n", @ops, @bytes);
}
