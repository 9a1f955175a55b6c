/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `sonde -O folded`: a sym() or ufunc() aggregation key is a frame named
 * as the action names it (issue 31), so @[ufunc(arg1)] folds into a
 * flame graph of functions.
 *
 * @@runtest-opts: -O folded
 */
BEGIN
{
	@[func((uint64_t)&`vfs_read + 2), execname] = count();
	@[func((uint64_t)&`vfs_read), execname] = count();
	exit(0);
}
