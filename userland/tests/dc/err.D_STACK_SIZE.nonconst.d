BEGIN
{
	stack(arg0);	/* @line: 3 */
}
