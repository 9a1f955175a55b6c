/* SPDX-License-Identifier: GPL-2.0 */
/*
 * llquantize() of values <= 0, as DTrace's: rows -4 to 8 around the zero
 * bucket, labelled "0" (factor^low is 1).
 */
#pragma D option quiet

BEGIN
{
	@ = llquantize(-3, 10, 0, 2, 10);
	@ = llquantize(0, 10, 0, 2, 10);
	@ = llquantize(7, 10, 0, 2, 10);
	exit(0);
}
