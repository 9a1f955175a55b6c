/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Four threads, one after the other: lwp-create fires four times in the
 * creating thread, args[0] and args[1] the new thread and its process
 * (the same); lwp-start four times in the new threads, before they run;
 * start never, as no process starts.
 *
 * @@runtest-opts: -c 'prov-prog threads 4'
 */
#pragma D option quiet

int create, ok, lstart, new, start;

proc:::lwp-create
/pid == $target/
{
	create++;
	ok += args[1]->pr_pid == pid && args[0]->pr_lwpid != tid;
}

proc:::lwp-start
/pid == $target/
{
	lstart++;
	new += tid != pid;
}

proc:::start
/pid == $target || ppid == $target/
{
	start++;
}

END
{
	printf("lwp-create %d (%d of threads of the process), lwp-start %d (%d in new threads), start %d\n",
	    create, ok, lstart, new, start);
}
