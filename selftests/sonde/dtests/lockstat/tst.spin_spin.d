/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lockstat:::spin-spin: two threads of one process change their signal
 * masks for two seconds on the guest's two CPUs, both under the
 * process's siglock; one finds it held now and then (the emulator runs
 * one CPU at a time: a holder it pauses keeps the lock for a while), and
 * spins.  Some spin-spin of the siglock inside rt_sigprocmask(), each
 * followed by that lock's spin-acquire; every spin-spin of the process
 * (another lock may be contended too) with a time, in args[1].
 *
 * @@runtest-opts: -c 'prov-prog contend 2 2000'
 * @@timeout: 60
 */
#pragma D option quiet

int n, zero, acq;
self uintptr_t spun;

syscall::rt_sigprocmask:entry
/pid == $target/
{
	self->in = 1;
}

syscall::rt_sigprocmask:return
/self->in/
{
	self->in = 0;
}

lockstat:::spin-spin
/pid == $target/
{
	zero += args[1] == 0;
}

lockstat:::spin-spin
/self->in && args[0] == &curthread->sighand->siglock/
{
	n++;
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
	printf("spun on the siglock: %d, no time: %d, acquired after: %d\n",
	    n > 0, zero, acq == n);
}
