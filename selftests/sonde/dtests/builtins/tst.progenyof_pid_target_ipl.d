/* SPDX-License-Identifier: GPL-2.0 */
/*
 * progenyof(): every process descends from init; BEGIN fires in sonde
 * itself, so $pid (sonde's own pid, as dtrace's) is its pid, and $target
 * without -c or -p is 0.  ipl: 0 in a thread, 2 in tick-N's hardirq
 * (the only key of @).
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d\n", progenyof(1), progenyof($pid), $pid == pid,
	    $target, ipl);
}

tick-10ms
{
	@[ipl] = count();
}

tick-10ms
/i++ == 3/
{
	exit(0);
}
