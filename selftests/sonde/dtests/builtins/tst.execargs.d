/* SPDX-License-Identifier: GPL-2.0 */
/*
 * execargs: the traced process's arguments as one string (Oracle's
 * built-in; the D library's inline, issue 31), in the process and in a
 * kernel thread (none).
 *
 * @@runtest-opts: -c 'loop-getppid 1000000000'
 */
#pragma D option quiet

syscall::getppid:entry
/pid == $target/
{
	printf("[%s]\n", execargs);
	exit(0);
}
