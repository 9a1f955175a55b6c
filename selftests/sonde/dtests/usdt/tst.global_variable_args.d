/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Global variables as arguments ("-4@g_count(%rip)", "-8@8+g_hist(%rip)"):
 * the symbols resolved from the file, read %rip-relative when the probe
 * fires.  uprobe-prog globals 10: g_count = i - 2 for i < 10 sums to 25,
 * its minimum is -2; g_hist[1] grows by i when i % 4 == 1 (1, 5, 9), and
 * the sum of its values at each firing is 43.
 *
 * @@runtest-opts: -c 'uprobe-prog globals 10'
 * @@timeout: 60
 */
#pragma D option quiet

sonde_test$target:::globals
{
	@s = sum(arg0);
	@m = min(arg0);
	@h = sum(arg1);
}

END
{
	printa("sum %@d\n", @s);
	printa("min %@d\n", @m);
	printa("hist %@d\n", @h);
}
