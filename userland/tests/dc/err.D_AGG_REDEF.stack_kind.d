BEGIN
{
	@a[stack()] = count();
	@a[ustack()] = count();	/* @line: 4 */
}
