/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sched:::wakeup's and off-cpu's translated args[]: sleep.sh writes its
 * pid and parent's pid, then execs sleep: the timer's wakeup of that pid
 * names it (lwpsinfo_t's pr_lwpid, psinfo_t's pr_pid, pr_ppid, pr_fname
 * "sleep"), and so does the off-cpu of the thread switched from when it
 * runs again (args[] describe the thread switched to).
 *
 * @@runtest-opts: -c 'sh sleep.sh'
 */
#pragma D option quiet

sched:::wakeup
/args[1]->pr_pid == $target/
{
	@w[args[0]->pr_lwpid, args[1]->pr_pid, args[1]->pr_ppid,
	    args[1]->pr_fname] = count();
}

sched:::off-cpu
/args[1]->pr_pid == $target/
{
	@o[args[0]->pr_lwpid, args[1]->pr_pid, args[1]->pr_fname,
	    args[0]->pr_sname] = count();
}

END
{
	printa("wakeup %d %d %d %s\n", @w);
	printa("off-cpu %d %d %s %c\n", @o);
}
