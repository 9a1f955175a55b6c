/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mutex_owned(), mutex_owner(), mutex_type_adaptive() and
 * mutex_type_spin() (the D library's, as Oracle's DTrace for Linux reads
 * a mutex): at each adaptive-acquire and adaptive-release of the pipe's
 * mutex, 100 one-byte writes, the writing thread owns it (issue 31).
 *
 * @@runtest-opts: -c 'prov-prog pipe 100'
 */
#pragma D option quiet

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

lockstat:::adaptive-acquire,
lockstat:::adaptive-release
/self->in/
{
	@[probename, mutex_owned(args[0]), mutex_owner(args[0]) == curthread,
	    mutex_type_adaptive(args[0]), mutex_type_spin(args[0])] = count();
}

END
{
	printa("%s owned %d owner is me %d adaptive %d spin %d: %@d\n", @);
}
