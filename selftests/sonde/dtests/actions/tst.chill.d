/* SPDX-License-Identifier: GPL-2.0 */
/*
 * chill() spins: the timestamp moves on by at least that; more than 1 ms
 * in one call (the firing budget prices a call at its most, docs/vm.md)
 * or 500 ms in a second (dtrace's limit) is an illegal operation.
 *
 * @@runtest-opts: -w
 */
#pragma D option quiet

BEGIN
{
	t = timestamp;
	chill(1000000);
	printf("%d\n", timestamp - t >= 1000000);
}

BEGIN
{
	chill(1000001);
}

BEGIN
{
	exit(0);
}
