/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -L: a directory's D files are compiled with the program, after sonde's
 * own library (curpsinfo still there).
 *
 * @@runtest-opts: -L lib
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", MY_LIMIT, sizeof (mine_t), curpsinfo->pr_pid == pid);
	exit(0);
}
