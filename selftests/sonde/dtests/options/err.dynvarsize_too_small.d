/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dynvarsize=15 does not hold one element of a[int] = int (its key and
 * value, 16 bytes): refused as dtrace refuses it (issue 31).
 */
#pragma D option dynvarsize=15

BEGIN
{
	a[1] = 1;
	exit(0);
}
