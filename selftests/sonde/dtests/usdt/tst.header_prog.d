/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An application built with a `sonde -h` header (usdt-hdr-prog, from
 * pony.d), traced from its first instruction under -c: its is-enabled
 * test is true at start and at end, its is-enabled path runs for each
 * of its 10 messages, and its probes carry their arguments: gc-start's
 * i (0..9, sum 45), actor-msg-send's 7, -1 and "x" (kept for
 * rt-init, which fires once, and printed at the end, after the program's
 * own lines).
 * tst.header_prog_untraced.sh is the same program untraced.
 *
 * @@runtest-opts: -c 'usdt-hdr-prog 10'
 * @@timeout: 60
 */
#pragma D option quiet

pony$target:::gc-start
{
	@g = sum(arg0);
}

pony$target:::actor-msg-send
/arg1 == 7 && arg2 == -1/
{
	@m = count();
	s = copyinstr(arg3);
}

pony$target:::rt-init
{
	init = strjoin("init ", s);
}

END
{
	printf("%s\n", init);
	printa("gc %@d\n", @g);
	printa("msg %@d\n", @m);
}
