/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nspec (1) speculations: the second and third speculation() get 0, and
 * DTrace reports them as failed speculations, none busy.
 */
#pragma D option quiet

BEGIN
{
	a = speculation();
	b = speculation();
	c = speculation();
	printf("%d %d %d\n", a, b, c);
	exit(0);
}
