BEGIN
{
	trace(1);
	/* @line: 5 */
	else trace(2);
}
