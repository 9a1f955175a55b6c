/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Options DTrace has and Linux has nothing for are accepted and ignored.
 *
 * @@runtest-opts: -x tree=4 -x maxframes=10 -x temporal -x aggzoom
 */
#pragma D option quiet

BEGIN
{
	printf("ok\n");
	exit(0);
}
