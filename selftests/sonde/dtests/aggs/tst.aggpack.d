/* SPDX-License-Identifier: GPL-2.0 */
/*
 * aggpack (dt_aggregate_minmaxbin(), dt_print_quantize_packed()): one
 * line per key between the bins all keys share, one bin more either side
 * (0 .. 16 here); encoding=ascii cells of "__xxxxXX".
 *
 * @@runtest-opts: -x aggpack -x encoding=ascii
 */
#pragma D option quiet

BEGIN
{
	@["bash"] = quantize(1);
	@["bash"] = quantize(2);
	@["bash"] = quantize(2);
	@["bash"] = quantize(8);
	@["awk"] = quantize(2);
	exit(0);
}
