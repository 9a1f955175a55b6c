#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * execsnoop.d - trace new programs: one line for each exec(2) that
 * succeeds, with the user, the process, its parent and its arguments.
 * Short-lived processes that come and go between two runs of ps(1)
 * show up here.
 *
 * USAGE: execsnoop.d [NAME]
 *   NAME   only programs whose name (execname) is NAME
 *
 * Traces until ^C, or until the -c command ends.  execsnoop.d(8).
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
	printf("USAGE: execsnoop.d [NAME]\n");
	printf("  NAME   only programs whose name (execname) is NAME\n");
	exit(0);
}

BEGIN
/!usage/
{
	printf("%-9s %-5s %-7s %-7s %-16s %s\n", "TIME(ms)", "UID", "PID",
	    "PPID", "COMM", "ARGS");
}

proc:::exec-success
/!usage && ($$1 == "" || execname == $$1)/
{
	printf("%-9d %-5d %-7d %-7d %-16s %s\n", (timestamp - start) / 1000000,
	    uid, pid, ppid, execname, curpsinfo->pr_psargs);
}
