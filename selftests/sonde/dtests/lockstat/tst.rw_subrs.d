/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rw_write_held() and rw_iswriter() (the D library's, the queued rwlock's
 * bits as Oracle's DTrace for Linux gives them): each of 50 setpgid()s
 * holds tasklist_lock for writing, its writer byte 0xff, from
 * rw-acquire to rw-release (issue 31).
 *
 * @@runtest-opts: -c 'prov-prog setpgid 50'
 */
#pragma D option quiet

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

lockstat:::rw-acquire,
lockstat:::rw-release
/self->in/
{
	@[probename, rw_write_held(args[0]), rw_iswriter(args[0]) & 0xff] =
	    count();
}

END
{
	printa("%s write held %x iswriter %x: %@d\n", @);
}
