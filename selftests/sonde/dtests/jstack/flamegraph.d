/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tst.flamegraph_svg.sh's script: the stacks of the process -p names,
 * sampled for 3 seconds.
 */
profile-997
/pid == $target/
{
	@[jstack()] = count();
}

tick-3s
{
	exit(0);
}
