/* normalize() takes two arguments: D_PROTO_LEN says so (it said 1) */
BEGIN
{
	@a = count();
	normalize();	/* @line: 5 */
}
/* @msg: normalize( ) prototype mismatch: 0 args passed, 2 expected */
