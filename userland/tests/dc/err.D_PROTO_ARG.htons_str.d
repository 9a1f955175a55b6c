BEGIN
{
	trace(htons("x"));	/* @line: 3 */
}
