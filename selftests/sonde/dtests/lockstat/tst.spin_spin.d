/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lockstat:::spin-spin: two threads of one process change their signal
 * masks for two seconds on the guest's two CPUs, both under the
 * process's siglock; one finds it held now and then (the emulator runs
 * one CPU at a time: a holder it pauses keeps the lock for a while), and
 * spins.  Each spin-spin is the siglock, for some nanoseconds (args[1]),
 * and is followed by its spin-acquire.
 *
 * @@runtest-opts: -c 'prov-prog contend 2 2000'
 * @@timeout: 60
 */
#pragma D option quiet

int n, other, zero, acq;
self uintptr_t spun;

lockstat:::spin-spin
/pid == $target/
{
	n++;
	other += args[0] != &curthread->sighand->siglock;
	zero += args[1] == 0;
	self->spun = arg0;
}

lockstat:::spin-acquire
/self->spun/
{
	acq += arg0 == self->spun;
	self->spun = 0;
}

END
{
	printf("spun: %d, other locks: %d, no time: %d, acquired after: %d\n",
	    n > 0, other, zero, acq == n);
}
