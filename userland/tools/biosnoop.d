#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * biosnoop.d - trace block I/O: one line per request when it completes,
 * with the process that issued it, the disk, the direction, the sector,
 * the size and the latency from issue to completion.  Writes the page
 * cache flushes later show the kernel's flusher threads (kworker) as
 * the issuer; reads and direct I/O show the process itself.
 *
 * USAGE: biosnoop.d [NAME]
 *   NAME   only requests issued by processes named NAME
 *
 * Traces until ^C, or until the -c command ends.  biosnoop.d(8).
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
	printf("USAGE: biosnoop.d [NAME]\n");
	printf("  NAME   only requests issued by processes named NAME\n");
	exit(0);
}

BEGIN
/!usage/
{
	printf("%-9s %-16s %-7s %-6s %1s %10s %7s %8s\n", "TIME(ms)", "COMM",
	    "PID", "DISK", "T", "SECTOR", "BYTES", "LAT(us)");
}

/* arg4: the request, the same at start and done */
io:::start
/!usage && ($$1 == "" || execname == $$1)/
{
	issued[arg4] = timestamp;
	/*
	 * The issuer's task, not its name: a string element would stay in
	 * the dynamic-variable pool for good (only 0 deletes an element).
	 * The name is read from the task when the request completes.
	 */
	who[arg4] = (uint64_t)curthread;
	whopid[arg4] = pid;
}

io:::done
/issued[arg4]/
{
	printf("%-9d %-16s %-7d %-6s %1s %10d %7d %8d\n",
	    (timestamp - start) / 1000000,
	    stringof(((struct task_struct *)who[arg4])->comm), whopid[arg4],
	    args[1]->dev_statname, args[0]->b_flags & B_READ ? "R" : "W",
	    args[0]->b_blkno, args[0]->b_bcount,
	    (timestamp - issued[arg4]) / 1000);
	issued[arg4] = 0;
	who[arg4] = 0;
	whopid[arg4] = 0;
}
