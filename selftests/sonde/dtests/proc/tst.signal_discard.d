/* SPDX-License-Identifier: GPL-2.0 */
/*
 * proc:::signal-discard: seven SIGUSR2s (12) to a process that ignores
 * them, sent by itself; args[0] and args[1] are the target thread and
 * its process, args[2] the signal.
 *
 * @@runtest-opts: -c 'prov-prog sigign 7'
 */
#pragma D option quiet

proc:::signal-discard
/args[1]->pr_pid == $target/
{
	@[args[2], pid == $target, args[0]->pr_lwpid == $target] = count();
}

END
{
	printa("signal-discard %d sender %d thread %d: %@d\n", @);
}
