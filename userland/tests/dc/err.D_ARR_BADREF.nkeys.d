BEGIN
{
	a[1] = 1;
	trace(a[1, 2]);	/* @line: 4 */
}
