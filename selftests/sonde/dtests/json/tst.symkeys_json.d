/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `sonde -O json`: sym() and mod() aggregation keys are their names, as
 * the actions print them, each function once however many of its
 * addresses were counted (issue 31).
 *
 * @@runtest-opts: -O json
 */
#pragma D option quiet

BEGIN
{
	@f[func((uint64_t)&`vfs_read + 3)] = count();
	@f[func((uint64_t)&`vfs_read)] = count();
	@m[mod((uint64_t)&`vfs_write)] = sum(4);
	exit(0);
}
