/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The consumer's own execname is "dtrace", as under DTrace, so scripts
 * that leave the tracer out (/execname != "dtrace"/) do; others keep theirs.
 *
 * @@runtest-opts: -c 'loop-getppid 3'
 */
#pragma D option quiet

BEGIN
{
	printf("%s\n", execname);
}

syscall::getppid:entry
/pid == $target/
{
	@[execname] = count();
}
