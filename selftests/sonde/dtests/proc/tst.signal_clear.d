/* SPDX-License-Identifier: GPL-2.0 */
/*
 * proc:::signal-clear: six times a SIGUSR1 (10) the process sent itself,
 * blocked, is taken by sigwait(); args[0] is the signal.
 *
 * @@runtest-opts: -c 'prov-prog sigwait 6'
 */
#pragma D option quiet

proc:::signal-clear
/pid == $target/
{
	@[args[0]] = count();
}

END
{
	printa("signal-clear %d %@d\n", @);
}
