/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The syscall-count one-liner, on a known workload: getppid() 1000 times,
 * in the default output.
 *
 * @@runtest-opts: -c 'loop-getppid 1000'
 */
syscall:::entry
/pid == $target/
{
	@[probefunc] = count();
}
