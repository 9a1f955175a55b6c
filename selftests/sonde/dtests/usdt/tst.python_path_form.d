/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The path form of a USDT probe description: every process running the
 * file, including ones started after tracing began: twice.sh runs
 * calls.py twice (foo() 1000 times each), each a process of its own.
 *
 * @@runtest-opts: -c 'sh twice.sh'
 * @@timeout: 120
 */
#pragma D option quiet

python:/usr/bin/python3.11::function-return
/copyinstr(arg1) == "foo"/
{
	@ = count();
}

END
{
	printa("calls %@d\n", @);
}
