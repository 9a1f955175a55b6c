/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lockstat:::rw-acquire and rw-release (Linux's rwlock_t): each
 * setpgid() write-locks tasklist_lock once, and unlocks it; 50 calls,
 * arg1 RW_WRITER each time.
 *
 * @@runtest-opts: -c 'prov-prog setpgid 50'
 */
#pragma D option quiet

self uintptr_t l;

syscall::setpgid:entry
/pid == $target/
{
	self->in = 1;
}

syscall::setpgid:return
/self->in/
{
	self->in = 0;
}

lockstat:::rw-acquire
/self->in/
{
	@acq[args[1] == RW_WRITER ? "writer" : "reader"] = count();
	self->l = arg0;
}

lockstat:::rw-release
/self->in/
{
	@rel[args[1] == RW_WRITER ? "writer" : "reader", arg0 == self->l] =
	    count();
}

END
{
	printa("rw-acquire %s %@d\n", @acq);
	printa("rw-release %s, the same lock %d: %@d\n", @rel);
}
