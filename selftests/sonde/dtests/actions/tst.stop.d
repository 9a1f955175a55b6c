/* SPDX-License-Identifier: GPL-2.0 */
/*
 * stop() stops the process after the system call that fired: one call.
 *
 * @@runtest-opts: -w -c 'loop-getppid 1000'
 */
#pragma D option quiet

syscall::getppid:entry
/pid == $target/
{
	@ = count();
	stop();
}

tick-1s
{
	exit(0);
}
