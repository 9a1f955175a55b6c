BEGIN
{
	trace(strjoin("a", 1));	/* @line: 3 */
}
