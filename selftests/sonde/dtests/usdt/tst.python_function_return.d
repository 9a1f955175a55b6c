/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Debian's python3.11: function-return per function name, exact (foo
 * 1000 times, bar 300 times in calls.py).
 *
 * @@runtest-opts: -c 'python3.11 calls.py'
 * @@timeout: 120
 */
#pragma D option quiet

python$target:::function-return
/copyinstr(arg1) == "foo" || copyinstr(arg1) == "bar"/
{
	@[copyinstr(arg1)] = count();
}
