/* parameters at the edges of DTrace's llquantize() rules, all valid */
BEGIN
{
	@a = llquantize(arg0, 2, 0, 61, 2);	/* 2^63 still fits */
	@b = llquantize(arg0, 10, 0, 6, 1000);	/* 1000 divides 10^3 */
	@c = llquantize(arg0, 10, 2, 6, 100);	/* steps = factor^2 */
	@d = llquantize(arg0, 16384, 0, 1, 16384);	/* 32768 buckets */
	@e = llquantize(arg0, 4, 0, 20, 8);	/* 8 divides 4^2 */
	@f = llquantize(arg0, 10, 0, 1, 10, 3);	/* an increment */
}
