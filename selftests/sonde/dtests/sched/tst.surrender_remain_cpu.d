/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sched:::surrender fires once for each sched_yield() (Oracle's: at
 * do_sched_yield()), with the yielding thread as args[0] and args[1];
 * a yield with nothing else to run on the CPU (prov-prog pins itself to
 * CPU 1, where nothing else of the test runs) keeps the thread there:
 * remain-cpu follows nearly every one (a kernel thread waking there now
 * and then takes the CPU instead).  (Other decisions keep the thread
 * too, a preemption that finds nothing better: those are not counted.)
 *
 * @@runtest-opts: -c 'prov-prog yield 100'
 */
#pragma D option quiet

int n, lwp, ps, r;

sched:::surrender
/pid == $target/
{
	n++;
	lwp += args[0]->pr_lwpid == tid;
	ps += args[1]->pr_pid == pid;
	self->yield = 1;
}

sched:::remain-cpu
/self->yield/
{
	r++;
	self->yield = 0;
}

syscall::sched_yield:return
/self->yield/
{
	self->yield = 0;
}

END
{
	printf("surrender %d, args[0] the thread %d, args[1] its process %d\n",
	    n, lwp, ps);
	printf("remain-cpu after 80 or more of them: %d\n", r >= 80);
}
