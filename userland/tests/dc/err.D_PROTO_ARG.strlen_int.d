BEGIN
{
	trace(strlen(1));	/* @line: 3 */
}
