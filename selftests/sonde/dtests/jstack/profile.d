/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tst.profile_running.sh's script: the stacks of the process -p names,
 * sampled for 4 seconds.
 */
profile-997
/pid == $target/
{
	@[jstack()] = count();
}

tick-4s
{
	exit(0);
}
