int x;
BEGIN
{
	x = probefunc;	/* @line: 4 */
}
