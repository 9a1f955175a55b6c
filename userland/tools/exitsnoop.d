#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * exitsnoop.d - trace processes as they end: one line for each process
 * whose last thread exits, with its parent, its age and how it ended
 * (its exit status, or the signal that killed it).
 *
 * USAGE: exitsnoop.d [NAME]
 *   NAME   only processes whose name (execname) is NAME
 *
 * Traces until ^C, or until the -c command ends.  exitsnoop.d(8).
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
	printf("USAGE: exitsnoop.d [NAME]\n");
	printf("  NAME   only processes whose name (execname) is NAME\n");
	exit(0);
}

BEGIN
/!usage/
{
	printf("%-9s %-7s %-7s %-16s %9s %s\n", "TIME(ms)", "PID", "PPID",
	    "COMM", "AGE(ms)", "EXIT");
}

/*
 * How it ended is the task's exit_code, as wait(2) would see it: the
 * status in bits 8-15, or the signal in bits 0-6 and a core dump in bit
 * 7.  The age counts from the start of the process (its first thread).
 */
proc:::exit
/!usage && ($$1 == "" || execname == $$1)/
{
	this->code = curthread->exit_code;
	this->sig = this->code & 0x7f;
	printf("%-9d %-7d %-7d %-16s %9d %s %d%s\n",
	    (timestamp - start) / 1000000, pid, ppid, execname,
	    (timestamp - curthread->group_leader->start_time) / 1000000,
	    this->sig ? "signal" : "exit",
	    this->sig ? this->sig : (this->code >> 8) & 0xff,
	    this->code & 0x80 ? " (core dumped)" : "");
}
