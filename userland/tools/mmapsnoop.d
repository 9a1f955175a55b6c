#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mmapsnoop.d - trace mmap(2): one line for each mapping a process
 * asks for, with its length, protection (R, W, X), flags (S shared or
 * P private, A anonymous, F fixed), file descriptor and the address it
 * got (or the errno: 12 ENOMEM, ...).  Large anonymous mappings are
 * malloc(3)'s big blocks and thread stacks; file mappings are libraries
 * being loaded and files mapped to be read.
 *
 * USAGE: mmapsnoop.d [NAME]
 *   NAME   only processes whose name (execname) is NAME
 *
 * Traces until ^C, or until the -c command ends.  mmapsnoop.d(8).
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
	printf("USAGE: mmapsnoop.d [NAME]\n");
	printf("  NAME   only processes whose name (execname) is NAME\n");
	exit(0);
}

BEGIN
/!usage/
{
	printf("%-9s %-7s %-16s %10s %-4s %-4s %4s %3s %s\n", "TIME(ms)",
	    "PID", "COMM", "LENGTH", "PROT", "FLAG", "FD", "ERR", "ADDRESS");
}

syscall::mmap:entry
/!usage && pid != $pid && ($$1 == "" || execname == $$1)/
{
	self->len = arg1;
	self->prot = arg2;
	self->flags = arg3;
	self->fd = (int)arg4;
	self->in = 1;
}

syscall::mmap:return
/self->in/
{
	this->err = (int64_t)arg1 < 0 && (int64_t)arg1 > -4096;
	printf("%-9d %-7d %-16s %10d %s%s%s%s %s%s%s%s %4d %3d 0x%x\n",
	    (timestamp - start) / 1000000, pid, execname, self->len,
	    self->prot & 1 ? "R" : "-", self->prot & 2 ? "W" : "-",
	    self->prot & 4 ? "X" : "-", " ",
	    self->flags & 1 ? "S" : "P", self->flags & 0x20 ? "A" : "-",
	    self->flags & 0x10 ? "F" : "-", " ",
	    self->flags & 0x20 ? -1 : self->fd, this->err ? -(int)arg1 : 0,
	    this->err ? 0 : arg1);
	self->len = 0;
	self->prot = 0;
	self->flags = 0;
	self->fd = 0;
	self->in = 0;
}
