/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cpc:::cpu_clock-user-10000000 counts user mode only: the same spinning
 * second gives about 100 samples, every one with a user PC (arg1) and
 * no kernel one; cpu_clock-kernel-10000000 alongside sees the spinner
 * hardly ever (a few system calls of its clock reads).
 *
 * @@runtest-opts: -c 'prov-prog spin 1000'
 */
#pragma D option quiet

int n, bad, k, kbad;

cpc:::cpu_clock-user-10000000
/pid == $target/
{
	n++;
	bad += arg0 != 0 || arg1 == 0;
}

cpc:::cpu_clock-kernel-10000000
/pid == $target/
{
	k++;
	kbad += arg0 == 0 || arg1 != 0;
}

END
{
	printf("user samples between 70 and 130: %d, not user: %d\n",
	    n >= 70 && n <= 130, bad);
	printf("kernel samples under 10: %d, not kernel: %d\n", k < 10, kbad);
}
