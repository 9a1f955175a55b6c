/* SPDX-License-Identifier: GPL-2.0 */
/*
 * proc:::create's args[0]: the child, as it reports itself.
 *
 * @@runtest-opts: -c 'sh fork.sh'
 */
#pragma D option quiet

proc:::create
/pid == $target/
{
	printf("%d %d\n", args[0]->pr_pid, args[0]->pr_ppid);
}
