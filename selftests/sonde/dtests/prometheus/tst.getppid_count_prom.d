/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `sonde -O prometheus`: the child calls getppid 1000 times, so the
 * counter of @calls[execname, probefunc] is exactly 1000, its keys the
 * labels execname and probefunc (named by the variables), and the
 * histogram of a value the clause knows (the constant 3 each time) has
 * 1000 in the bucket of 3 (le="3") and every one above it, none below.
 *
 * @@runtest-opts: -O prometheus -c 'loop-getppid 1000'
 */
syscall::getppid:entry
/pid == $target/
{
	@calls[execname, probefunc] = count();
	@three = lquantize(3, 0, 6, 2);
}
