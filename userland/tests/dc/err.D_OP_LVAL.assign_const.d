BEGIN
{
	3 = 1;	/* @line: 3 */
}
