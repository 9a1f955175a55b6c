/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lockstat:::adaptive-acquire and adaptive-release (Linux's mutexes):
 * each one-byte write() to a pipe takes and releases the pipe's mutex
 * once, and no other; 100 writes.
 *
 * @@runtest-opts: -c 'prov-prog pipe 100'
 */
#pragma D option quiet

self uintptr_t m;

syscall::write:entry
/pid == $target/
{
	self->in = 1;
}

syscall::write:return
/self->in/
{
	self->in = 0;
}

lockstat:::adaptive-acquire
/self->in/
{
	@acq[arg0 == self->m || self->m == 0] = count();
	self->m = arg0;
}

lockstat:::adaptive-release
/self->in/
{
	@rel[arg0 == self->m] = count();
}

END
{
	printa("adaptive-acquire, the same mutex %d: %@d\n", @acq);
	printa("adaptive-release, the same mutex %d: %@d\n", @rel);
}
