#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mountsnoop.d - trace mount(2) and umount2(2): who mounted or
 * unmounted what, where, with which flags, and the result (0, or the
 * errno: 1 EPERM, 2 ENOENT, 16 EBUSY, ...).  Automounters, container
 * runtimes and systemd units mount behind your back; this shows them.
 *
 * USAGE: mountsnoop.d [NAME]
 *   NAME   only processes whose name (execname) is NAME
 *
 * Traces until ^C, or until the -c command ends.  mountsnoop.d(8).
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
	printf("USAGE: mountsnoop.d [NAME]\n");
	printf("  NAME   only processes whose name (execname) is NAME\n");
	exit(0);
}

BEGIN
/!usage/
{
	printf("%-9s %-7s %-16s %3s %s\n", "TIME(ms)", "PID", "COMM", "ERR",
	    "CALL");
}

syscall::mount:entry
/!usage && ($$1 == "" || execname == $$1)/
{
	self->src = arg0;
	self->dir = arg1;
	self->type = arg2;
	self->flags = arg3;
	self->in = 1;
}

syscall::mount:return
/self->in/
{
	this->ret = (int)arg1;
	printf("%-9d %-7d %-16s %3d mount(\"%s\", \"%s\", \"%s\", 0x%x)\n",
	    (timestamp - start) / 1000000, pid, execname,
	    this->ret < 0 ? -this->ret : 0,
	    self->src ? copyinstr(self->src) : "", copyinstr(self->dir),
	    self->type ? copyinstr(self->type) : "", self->flags);
	self->src = 0;
	self->dir = 0;
	self->type = 0;
	self->flags = 0;
	self->in = 0;
}

syscall::umount2:entry
/!usage && ($$1 == "" || execname == $$1)/
{
	self->dir = arg0;
	self->flags = arg1;
	self->uin = 1;
}

syscall::umount2:return
/self->uin/
{
	this->ret = (int)arg1;
	printf("%-9d %-7d %-16s %3d umount2(\"%s\", 0x%x)\n",
	    (timestamp - start) / 1000000, pid, execname,
	    this->ret < 0 ? -this->ret : 0, copyinstr(self->dir), self->flags);
	self->dir = 0;
	self->flags = 0;
	self->uin = 0;
}
