BEGIN
{
	this->a[1] = 1;	/* @line: 3 */
}
