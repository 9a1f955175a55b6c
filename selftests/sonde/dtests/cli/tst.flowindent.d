/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -F: dtrace's flow indentation, "%3d %-41s " per record after a
 * "CPU FUNCTION" heading, " => " / " <= " for syscall, " -> " / " <- " for
 * the kernel function inside, two more columns per level.
 *
 * @@runtest-opts: -F -c 'loop-getppid 2'
 */
syscall::getppid:entry,
syscall::getppid:return,
fbt::*sys_getppid:entry,
fbt::*sys_getppid:return
/pid == $target/
{
}
