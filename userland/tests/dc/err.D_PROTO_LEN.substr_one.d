BEGIN
{
	trace(substr("abc"));	/* @line: 3 */
}
