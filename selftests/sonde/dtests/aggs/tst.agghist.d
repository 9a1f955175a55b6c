/* SPDX-License-Identifier: GPL-2.0 */
/*
 * agghist (dt_aggregate_total(), dt_print_quanthdr() with the keys'
 * width): sum() values as histogram rows, 2 and 6 of 8 are 10 and 30 @s.
 */
#pragma D option quiet
#pragma D option agghist

BEGIN
{
	@["awk"] = sum(2);
	@["bash"] = sum(6);
	exit(0);
}
