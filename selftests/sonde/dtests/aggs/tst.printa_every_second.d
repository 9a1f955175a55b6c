/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A per-second printa() and trunc() of a count that grows 20 times a
 * second prints about 20 every second: the aggregation snapshot is
 * taken every round, as the switches are (the snapshot's schedule
 * drifted a little later each round, so now and then a round kept the
 * last snapshot: printa() printed nothing, and 40 the second after).
 */
#pragma D option quiet

tick-50ms
{
	@ = count();
}

tick-1s
/++n <= 4/
{
	printa("%@d\n", @);
	trunc(@);
}

tick-1s
/n > 4/
{
	exit(0);
}
