/* a read of a thread-local no earlier clause or statement assigned */
BEGIN
/self->depth == 0/	/* @line: 3 */
{
	trace(1);
}

BEGIN
{
	self->depth = 1;
}
