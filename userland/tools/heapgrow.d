#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * heapgrow.d - which processes grow their heaps, and by how much: every
 * brk(2) that moves the end of a process's data segment up, counted by
 * process, with the bytes it added.  malloc(3) grows its main arena
 * with brk() when its free lists run dry, so a process whose heap keeps
 * growing run after run is a process that keeps allocating (or leaks),
 * seen at far less cost than tracing malloc() (mallocs.d).
 *
 * USAGE: heapgrow.d [SECONDS]
 *   SECONDS   stop after SECONDS seconds
 *
 * With -p PID or -c CMD, only that process.  Without SECONDS, prints
 * at ^C (or at the end of the -c command).  A process's first brk()
 * while traced only learns where its heap ends.  heapgrow.d(8).
 */

#pragma D option quiet
#pragma D option defaultargs

uint64_t last[int];	/* by process: its break, as brk() last returned it */

BEGIN
{
	secs = strtoll($$1);
	usage = $$1 == "help" || ($$1 != "" && secs <= 0);
}

BEGIN
/usage/
{
	printf("USAGE: heapgrow.d [SECONDS]\n");
	printf("  SECONDS   stop after SECONDS seconds\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/!usage/
{
	printf("Tracing heap growth... Hit Ctrl-C to end.\n");
}

/* brk(0) asks where the heap ends; any brk() returns the end after it */
syscall::brk:entry
/!usage && pid != $pid && ($target == 0 || pid == $target)/
{
	self->want = arg0;
	self->in = 1;
}

/* grown: the new end is what was asked, above the last one */
syscall::brk:return
/self->in && self->want && arg1 == self->want && last[pid] &&
    self->want > last[pid]/
{
	@bytes[pid, execname] = sum(self->want - last[pid]);
	@calls[pid, execname] = count();
}

syscall::brk:return
/self->in/
{
	last[pid] = arg1;
	self->want = 0;
	self->in = 0;
}

proc:::exit
/last[pid]/
{
	last[pid] = 0;
}

tick-1s
/!usage && secs && ++ticks == secs/
{
	exit(0);
}

END
/!usage/
{
	printf("%-7s %-16s %8s %14s\n", "PID", "COMM", "CALLS", "BYTES");
	printa("%-7d %-16s %@8d %@14d\n", @calls, @bytes);
}
