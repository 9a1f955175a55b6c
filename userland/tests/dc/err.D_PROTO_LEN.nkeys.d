BEGIN
{
	a[1] = 1;
	trace(a[1, 2]);	/* @line: 4 */
}
/* @msg: a[ ] prototype mismatch: 2 keys passed, 1 expected */
