/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sym(), func() and mod() as aggregation keys (issue 31): every address
 * of a function counts as the function (dt_aggregate_sym()), printed as
 * the actions print them ("  %-50s" in printa()'s default output), and
 * by %a and %s in a printa() format.
 */
BEGIN
{
	@f[func((uint64_t)&`vfs_read)] = count();
	@f[func((uint64_t)&`vfs_read + 1)] = count();
	@f[sym((uint64_t)&`vfs_write + 2)] = count();
	@m[mod((uint64_t)&`vfs_read)] = count();
	@m[mod((uint64_t)&`vfs_write)] = count();
	@d[func((uint64_t)&`vfs_read), 7] = sum(5);
	exit(0);
}

END
{
	printa("%a %@d\n", @f);
	printa("[%s] %@d\n", @m);
	printa(@d);
}
