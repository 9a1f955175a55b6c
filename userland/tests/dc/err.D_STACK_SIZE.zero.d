BEGIN
{
	stack(0);	/* @line: 3 */
}
