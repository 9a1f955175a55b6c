/* SPDX-License-Identifier: GPL-2.0 */
/*
 * jstack() in a process that is not Python (loop-getppid): native
 * frames only, and nothing said about jstack() (no drop, no error).
 *
 * @@runtest-opts: -O json -c 'loop-getppid 3000000'
 * @@timeout: 120
 */
profile-997
/pid == $target/
{
	@[jstack()] = count();
}
