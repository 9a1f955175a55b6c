#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * iopattern.d - how random or sequential the disks' workload is: every
 * INTERVAL seconds, the share of block I/O requests that started where
 * the previous one on the same disk ended (sequential) or elsewhere
 * (random), their number, their sizes and the kilobytes read and
 * written.  Random I/O is what makes rotating disks slow.
 *
 * USAGE: iopattern.d [INTERVAL [COUNT]]
 *   INTERVAL   seconds per line (default 1)
 *   COUNT      stop after COUNT lines
 *
 * Runs until ^C (or the end of the -c command, with a last line).
 * The counters are plain global variables: two CPUs that issue at the
 * same instant may lose one count (as in DTrace).  iopattern.d(8).
 */

#pragma D option quiet
#pragma D option defaultargs

uint64_t next[uint64_t];	/* by device: the sector after the last I/O */
uint64_t nio, nseq, bytes, minb, maxb, kr, kw;
string disk;

BEGIN
{
	interval = $$1 != "" ? strtoll($$1) : 1;
	limit = strtoll($$2);
	usage = $$1 == "help" || interval <= 0 || ($$2 != "" && limit <= 0);
}

BEGIN
/usage/
{
	printf("USAGE: iopattern.d [INTERVAL [COUNT]]\n");
	printf("  INTERVAL   seconds per line (default 1)\n");
	printf("  COUNT      stop after COUNT lines\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/!usage/
{
	printf("%-6s %4s %4s %6s %7s %7s %7s %8s %8s\n", "DISK", "%RAN",
	    "%SEQ", "COUNT", "MIN", "MAX", "AVG", "KR", "KW");
}

/* arg0: the device, arg1: the sector, arg2: the bytes */
io:::start
/!usage/
{
	this->seq = next[arg0] == arg1;
	next[arg0] = arg1 + arg2 / 512;
	nio++;
	nseq += this->seq;
	bytes += arg2;
	minb = minb == 0 || arg2 < minb ? arg2 : minb;
	maxb = arg2 > maxb ? arg2 : maxb;
	kr += args[0]->b_flags & B_READ ? arg2 : 0;
	kw += args[0]->b_flags & B_READ ? 0 : arg2;
	disk = args[1]->dev_statname;
}

tick-1s
/!usage && ++ticks == interval/
{
	printf("%-6s %4d %4d %6d %7d %7d %7d %8d %8d\n",
	    nio ? disk : "-", nio ? (nio - nseq) * 100 / nio : 0,
	    nio ? nseq * 100 / nio : 0, nio, minb, maxb,
	    nio ? bytes / nio : 0, kr / 1024, kw / 1024);
	nio = nseq = bytes = minb = maxb = kr = kw = 0;
	disk = "";
	ticks = 0;
	lines++;
}

tick-1s
/!usage && limit && lines == limit/
{
	exit(0);
}

END
/!usage && nio/
{
	printf("%-6s %4d %4d %6d %7d %7d %7d %8d %8d\n", disk,
	    (nio - nseq) * 100 / nio, nseq * 100 / nio, nio, minb, maxb,
	    bytes / nio, kr / 1024, kw / 1024);
}
