/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Records that do not fit a speculation's buffer (specsize) are speculative
 * drops, counted when the speculation is committed: what is printed and
 * what is dropped add up to the 100 getppid() calls.
 *
 * @@runtest-opts: -c 'loop-getppid 100'
 */
#pragma D option quiet
#pragma D option specsize=4096

BEGIN
{
	s = speculation();
}

syscall::getppid:entry
/pid == $target/
{
	speculate(s);
	printf("%s\n", execname);
}

END
{
	commit(s);
}
