/* SPDX-License-Identifier: GPL-2.0 */
/*
 * raise(SIGKILL) in the traced process ends it at once.
 *
 * @@runtest-opts: -w -c 'loop-getppid 1000000'
 */

syscall::getppid:entry
/pid == $target/
{
	raise(SIGKILL);
}
