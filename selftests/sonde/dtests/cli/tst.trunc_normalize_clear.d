/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trunc(), normalize() and clear() act on the aggregations (in END, after
 * the final snapshot): @a keeps its 2 largest, @n prints 1000 / 10,
 * @c is zero.
 */
#pragma D option quiet

BEGIN
{
	@a["x"] = sum(5);
	@a["y"] = sum(3);
	@a["z"] = sum(9);
	@n = sum(1000);
	@c = count();
	exit(0);
}

END
{
	trunc(@a, 2);
	normalize(@n, 10);
	clear(@c);
}
