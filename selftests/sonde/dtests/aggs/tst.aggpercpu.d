/* SPDX-License-Identifier: GPL-2.0 */
/*
 * aggpercpu (Oracle's dt_print_aggs()): after the value, each CPU's own
 * on a "    [CPU n]" line, one per CPU; BEGIN counted once, on one CPU.
 *
 * @@runtest-opts: -x aggpercpu
 */
#pragma D option quiet

BEGIN
{
	@ = count();
	exit(0);
}
