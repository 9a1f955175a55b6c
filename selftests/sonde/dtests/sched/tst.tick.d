/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sched:::tick in the thread a clock tick interrupts: a thread that
 * spins for a second of its CPU time gets about HZ of them (250 in
 * Debian's kernels; the guest's emulated clock is uneven), each with
 * that thread as args[0] and args[1].
 *
 * @@runtest-opts: -c 'prov-prog spin 1000'
 */
#pragma D option quiet

int n, bad;

sched:::tick
/pid == $target/
{
	n++;
	bad += args[0]->pr_lwpid != tid || args[1]->pr_pid != pid;
}

END
{
	printf("ticks between 100 and 400: %d, not the thread: %d\n",
	    n >= 100 && n <= 400, bad);
}
