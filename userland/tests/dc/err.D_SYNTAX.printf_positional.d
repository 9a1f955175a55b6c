/* @msg: format conversion #2 uses unsupported positional format (%n$) */
/* DTrace has no positional conversions, in the value nor in a '*' */
BEGIN
{
	printf("%d %*2$d\n", 1, 2);
}
