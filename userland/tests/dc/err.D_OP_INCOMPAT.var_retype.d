BEGIN
{
	x = 1;
	x = "str";	/* @line: 4 */
}
