/* SPDX-License-Identifier: GPL-2.0 */
/*
 * agghist under aggzoom: the total is (int64_t)(6 / 0.95) = 6, so the
 * rows of 2 and 6 are 13 and 40 @s.
 */
#pragma D option quiet
#pragma D option agghist
#pragma D option aggzoom

BEGIN
{
	@["awk"] = sum(2);
	@["bash"] = sum(6);
	exit(0);
}
