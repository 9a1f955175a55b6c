/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sonde's own locks are not lockstat's: the clauses on rt_sigprocmask()
 * store dynamic variables, whose buckets are spinlocks sonde tries with
 * raw_spin_trylock() inside the firing, while spin-acquire and
 * spin-release are enabled.  Those lock calls are neither reported nor
 * counted as recursion drops (nothing on stderr): spin-acquire sees the
 * 200 siglock acquisitions of the system calls, nothing more.
 *
 * @@runtest-opts: -c 'prov-prog sigmask 200'
 */
#pragma D option quiet

int acq, rel;

syscall::rt_sigprocmask:entry
/pid == $target/
{
	self->in = 1;
	calls[tid, probefunc] = 1;
}

syscall::rt_sigprocmask:return
/self->in/
{
	self->in = 0;
	calls[tid, probefunc] = 0;
}

lockstat:::spin-acquire
/self->in && args[0] == &curthread->sighand->siglock/
{
	acq++;
}

lockstat:::spin-release
/self->in && args[0] == &curthread->sighand->siglock/
{
	rel++;
}

END
{
	printf("spin-acquire %d, spin-release %d\n", acq, rel);
}
