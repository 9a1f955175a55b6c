/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `sonde -O folded`: a stack with no frames (ustack() in the idle task,
 * which has no user address space) is the frame "[unknown]", as perf
 * names what it cannot walk, never a line of a bare count, which
 * flamegraph.pl and inferno reject.
 *
 * @@runtest-opts: -O folded
 */
#pragma D option quiet

profile-997
/pid == 0/
{
	@[ustack()] = count();
}

tick-1s
{
	exit(0);
}
