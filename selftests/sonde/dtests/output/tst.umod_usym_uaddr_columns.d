/* SPDX-License-Identifier: GPL-2.0 */
/*
 * umod(), usym(), uaddr() of the user PC, after chew()'s columns: each
 * "  %-50s" (dt_print_umod() and friends), then chewrec()'s newline.
 *
 * @@runtest-opts: -c 'loop-getppid 100000000'
 */
syscall::getppid:entry
/pid == $target && !done/
{
	umod(uregs[R_PC]);
	usym(uregs[R_PC]);
	uaddr(uregs[R_PC]);
	done = 1;
}

tick-1s
{
	exit(0);
}
