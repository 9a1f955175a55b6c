/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A predicate on $target and an aggregation keyed by execname: the child
 * calls getppid 1000 times, so exactly one row, count 1000, in the
 * aggregation format: two spaces, key left-justified, value
 * right-justified.
 *
 * @@runtest-opts: -c 'loop-getppid 1000'
 */
syscall::getppid:entry
/pid == $target/
{
	@calls[execname] = count();
}
