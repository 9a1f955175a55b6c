/* SPDX-License-Identifier: GPL-2.0 */
/*
 * stack() in a kernel probe names the kernel code that made the call.
 *
 * @@runtest-opts: -c 'loop-getppid 2'
 */
#pragma D option quiet

syscall::getppid:entry
/pid == $target/
{
	stack();
}
