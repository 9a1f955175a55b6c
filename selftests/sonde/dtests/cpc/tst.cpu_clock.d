/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cpc:::cpu_clock-all-10000000: the cpu-clock software event every 10 ms
 * of a CPU's time (the guest has no hardware counters).  A thread that
 * spins in user mode for one second of its CPU time is sampled about
 * 100 times; each sample has the PC in arg1 when it interrupted user
 * code, in arg0 when the kernel, never both, and nearly all of them are
 * in user code.
 *
 * @@runtest-opts: -c 'prov-prog spin 1000'
 */
#pragma D option quiet

int n, user, both;

cpc:::cpu_clock-all-10000000
/pid == $target/
{
	n++;
	user += arg1 != 0;
	both += (arg0 != 0) == (arg1 != 0);
}

END
{
	printf("samples between 70 and 130: %d, in user mode 90%%: %d, both or neither PC: %d\n",
	    n >= 70 && n <= 130, user * 10 >= n * 9, both);
}
