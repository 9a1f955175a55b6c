/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sched:::enqueue and dequeue for a thread that sleeps 20 times: each
 * sleep leaves the run queue (dequeue, the kernel's DEQUEUE_SLEEP in
 * args[3]) and each wakeup joins one (enqueue); a migration adds a pair.
 * args[2] is the cpuinfo_t of the run queue's CPU: one of the guest's
 * two, on chip 0, NUMA node 0, processor set 0; a thread leaves the run
 * queue to sleep on its own CPU.
 *
 * @@runtest-opts: -c 'prov-prog sleep 20'
 */
#pragma D option quiet

int enq, deq, bad, sleeps, here;

sched:::enqueue
/args[1]->pr_pid == $target/
{
	enq++;
	bad += args[2]->cpu_id < 0 || args[2]->cpu_id > 1 ||
	    args[2]->cpu_chip != 0 || args[2]->cpu_lgrp != 0 ||
	    args[2]->cpu_pset != 0 || args[0]->pr_lwpid != args[1]->pr_pid;
}

sched:::dequeue
/args[1]->pr_pid == $target/
{
	deq++;
	bad += args[2]->cpu_id < 0 || args[2]->cpu_id > 1 ||
	    args[2]->cpu_chip != 0 || args[2]->cpu_lgrp != 0 ||
	    args[2]->cpu_pset != 0;
}

sched:::dequeue
/args[1]->pr_pid == $target && args[3] & 1/
{
	sleeps++;
	here += args[2]->cpu_id == cpu && pid == $target;
}

END
{
	printf("enqueue >= 20: %d, dequeue >= 20: %d, bad cpuinfo: %d\n",
	    enq >= 20, deq >= 20, bad);
	printf("sleeps >= 20: %d, all on their own CPU: %d\n", sleeps >= 20,
	    here == sleeps);
}
