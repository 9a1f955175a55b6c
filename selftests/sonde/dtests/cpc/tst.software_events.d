/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Other software events, by perf's names and libpfm4's as Oracle's
 * provider takes them: context switches one by one (each sleep of the
 * target is one, in the kernel: arg0), task-clock in 5 ms of running
 * tasks, and page faults in user mode.
 *
 * @@runtest-opts: -c 'prov-prog sleep 30'
 */
#pragma D option quiet

int cs, kernel, tc, pf, user;

cpc:::context_switches-all-1
/pid == $target/
{
	cs++;
	kernel += arg0 != 0;
}

cpc:::perf_count_sw_task_clock-all-5000000
{
	tc++;
}

cpc:::page_faults-user-1
/pid == $target/
{
	pf++;
	user += arg1 != 0;
}

END
{
	printf("context switches >= 30: %d, in the kernel: %d\n", cs >= 30,
	    kernel == cs);
	printf("task-clock samples: %d\n", tc > 0);
	printf("page faults: %d, in user mode: %d\n", pf > 0, user == pf);
}
