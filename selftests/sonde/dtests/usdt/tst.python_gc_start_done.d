/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gc-start and gc-done pair up, at least once per gc.collect()
 * (collect.py's 5; the interpreter may collect on its own too).
 *
 * @@runtest-opts: -c 'python3.11 collect.py'
 * @@timeout: 120
 */
#pragma D option quiet

python$target:::gc-start
{
	@s = count();
}

python$target:::gc-done
{
	@d = count();
}

END
{
	printa("start %@d\n", @s);
	printa("done %@d\n", @d);
}
