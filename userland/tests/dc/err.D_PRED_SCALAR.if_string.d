BEGIN
{
	trace(1);
	/* @line: 5 */
	if (execname)
		trace(2);
}
