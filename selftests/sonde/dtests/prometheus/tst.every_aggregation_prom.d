/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `sonde -O prometheus`: every aggregating function from known values
 * (tst.every_aggregation_json.d's program, less its stack key), each an
 * exact metric: counters, gauges, histograms with every bucket of the
 * layout, cumulative, at the largest integer each bucket holds; keys
 * that are constants, not variables, labelled key0, key1 by position.
 *
 * @@runtest-opts: -O prometheus
 */
BEGIN
{
	@c["a"] = count(); @c["a"] = count(); @c["b"] = count();
	@s[1] = sum(10); @s[1] = sum(-3); @s[2] = sum(5);
	@av = avg(10); @av = avg(20); @av = avg(31);
	@mn = min(5); @mn = min(-7);
	@mx = max(5); @mx = max(70);
	@sd = stddev(2); @sd = stddev(4); @sd = stddev(4); @sd = stddev(4);
	@sd = stddev(5); @sd = stddev(5); @sd = stddev(7); @sd = stddev(9);
	@q = quantize(0); @q = quantize(1); @q = quantize(3);
	@q = quantize(1000); @q = quantize(-2);
	@l = lquantize(-5, 0, 10, 2); @l = lquantize(3, 0, 10, 2);
	@l = lquantize(100, 0, 10, 2);
	@ll = llquantize(5, 10, 0, 3, 10); @ll = llquantize(1234, 10, 0, 3, 10);
	@t["x", 3] = sum(1); @t["x", 3] = sum(1); @t["y", -1] = sum(4);
	@e["a\"b\\c"] = count();
	exit(0);
}
