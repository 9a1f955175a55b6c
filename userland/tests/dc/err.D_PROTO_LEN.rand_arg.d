BEGIN
{
	trace(rand(1));	/* @line: 3 */
}
