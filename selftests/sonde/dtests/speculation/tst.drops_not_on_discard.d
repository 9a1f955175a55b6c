/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Records that do not fit a speculation's buffer, when the speculation is
 * discarded, are not counted at all.
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
	discard(s);
}
