/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sched:::surrender fires once for each sched_yield() (Oracle's: at
 * do_sched_yield()), with the yielding thread as args[0] and args[1];
 * a yield with nothing else to run on the CPU (prov-prog pins itself to
 * CPU 1, where nothing else of the test runs) keeps the thread there:
 * remain-cpu, for nearly every one (a kernel thread waking there now
 * and then takes the CPU instead).
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
}

sched:::remain-cpu
/pid == $target/
{
	r++;
}

END
{
	printf("surrender %d, args[0] the thread %d, args[1] its process %d\n",
	    n, lwp, ps);
	printf("remain-cpu for 80 or more: %d, at most one a yield: %d\n",
	    r >= 80, r <= n);
}
