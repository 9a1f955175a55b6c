#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * biotop.d - which processes keep the disks busy: block I/O requests,
 * bytes and average latency by process, disk and direction, every
 * INTERVAL seconds, the busiest last.  The process is the one that
 * issued the request: reads and direct I/O show the reader, writes the
 * page cache flushes later show the kernel's flusher threads.
 *
 * USAGE: biotop.d [INTERVAL [COUNT]]
 *   INTERVAL   seconds per report (default 5)
 *   COUNT      stop after COUNT reports
 *
 * Runs until ^C (or the end of the -c command, with a last report).
 * biotop.d(8).
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
	printf("USAGE: biotop.d [INTERVAL [COUNT]]\n");
	printf("  INTERVAL   seconds per report (default 5)\n");
	printf("  COUNT      stop after COUNT reports\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/!usage/
{
	printf("Tracing block I/O... Hit Ctrl-C to end.\n");
}

/* arg4: the request, the same at start and done */
io:::start
/!usage/
{
	issued[arg4] = timestamp;
	whopid[arg4] = pid;
	/* the task, not its name: see biosnoop.d */
	who[arg4] = (uint64_t)curthread;
}

io:::done
/issued[arg4]/
{
	dirty = 1;
	this->comm = stringof(((struct task_struct *)who[arg4])->comm);
	this->rw = args[0]->b_flags & B_READ ? "R" : "W";
	@bytes[whopid[arg4], this->comm, args[1]->dev_statname, this->rw] =
	    sum(args[0]->b_bcount);
	@ios[whopid[arg4], this->comm, args[1]->dev_statname, this->rw] =
	    count();
	@lat[whopid[arg4], this->comm, args[1]->dev_statname, this->rw] =
	    avg((timestamp - issued[arg4]) / 1000);
	issued[arg4] = 0;
	whopid[arg4] = 0;
	who[arg4] = 0;
}

tick-1s
/!usage && ++ticks == interval/
{
	printf("\n%Y\n", walltimestamp);
	printf("%-7s %-16s %-6s %1s %6s %10s %10s\n", "PID", "COMM", "DISK",
	    "T", "I/O", "KBYTES", "AVG(us)");
	normalize(@bytes, 1024);
	printa("%-7d %-16s %-6s %1s %@6d %@10d %@10d\n", @ios, @bytes, @lat);
	trunc(@bytes);
	trunc(@ios);
	trunc(@lat);
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
	printf("%-7s %-16s %-6s %1s %6s %10s %10s\n", "PID", "COMM", "DISK",
	    "T", "I/O", "KBYTES", "AVG(us)");
	normalize(@bytes, 1024);
	printa("%-7d %-16s %-6s %1s %@6d %@10d %@10d\n", @ios, @bytes, @lat);
}
