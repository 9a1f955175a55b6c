/* SPDX-License-Identifier: GPL-2.0 */
/* tst.pprof_exact_counts.sh's program: libc's write() by Python stack */
pid$target:libc.so.6:write:entry
{
	@[jstack(20)] = count();
}
