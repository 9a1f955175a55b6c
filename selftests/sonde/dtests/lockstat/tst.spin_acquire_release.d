/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lockstat:::spin-acquire and spin-release: 200 rt_sigprocmask() calls,
 * each changing the mask, take and release the process's siglock (a
 * spinlock_t, args[0]) once each; nothing else in them takes it.
 *
 * @@runtest-opts: -c 'prov-prog sigmask 200'
 */
#pragma D option quiet

int acq, rel;

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

lockstat:::spin-acquire
/self->in && args[0] == &curthread->sighand->siglock/
{
	acq++;
}

lockstat:::spin-release
/self->in && arg0 == (uintptr_t)&curthread->sighand->siglock/
{
	rel++;
}

END
{
	printf("spin-acquire %d, spin-release %d\n", acq, rel);
}
