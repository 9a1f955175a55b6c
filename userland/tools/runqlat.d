#!/usr/sbin/sonde -s
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * runqlat.d - run-queue latency as a histogram: how long threads wait
 * for a CPU once they are runnable, from their wakeup (sched:::wakeup)
 * or preemption (sched:::preempt) to their next run (sched:::on-cpu),
 * in microseconds.  A long tail here is CPU saturation: more runnable
 * threads than CPUs.
 *
 * USAGE: runqlat.d [INTERVAL [COUNT]]
 *   INTERVAL   print and reset the histogram every INTERVAL seconds
 *   COUNT      stop after COUNT intervals
 *
 * With -p PID or -c CMD, only that process's threads.  Without
 * INTERVAL, prints at ^C (or at the end of the -c command).
 * runqlat.d(8).
 */

#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	interval = strtoll($$1);
	limit = strtoll($$2);
	usage = $$1 == "help" || ($$1 != "" && interval <= 0) ||
	    ($$2 != "" && limit <= 0);
}

BEGIN
/usage/
{
	printf("USAGE: runqlat.d [INTERVAL [COUNT]]\n");
	printf("  INTERVAL   print and reset the histogram every INTERVAL seconds\n");
	printf("  COUNT      stop after COUNT intervals\n");
	exit($$1 == "help" ? 0 : 2);
}

BEGIN
/!usage/
{
	printf("Tracing run-queue latency... Hit Ctrl-C to end.\n");
}

/* arg1: the thread id of the thread woken, or of the one switched to */
sched:::wakeup
/!usage && ($target == 0 || args[1]->pr_pid == $target)/
{
	queued[arg1] = timestamp;
}

/* the outgoing thread stays runnable: it queues again */
sched:::preempt
/!usage && ($target == 0 || pid == $target)/
{
	queued[tid] = timestamp;
}

sched:::on-cpu
/queued[tid]/
{
	@us = quantize((timestamp - queued[tid]) / 1000);
	queued[tid] = 0;
}

tick-1s
/!usage && interval && ++ticks == interval/
{
	printf("\n%Y\n", walltimestamp);
	printa("  run-queue latency (us)\n%@d", @us);
	trunc(@us);
	ticks = 0;
	intervals++;
}

tick-1s
/!usage && limit && intervals == limit/
{
	exit(0);
}

END
/!usage && !interval/
{
	printa("  run-queue latency (us)\n%@d", @us);
}
