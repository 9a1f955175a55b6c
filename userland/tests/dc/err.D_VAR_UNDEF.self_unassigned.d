BEGIN
{
	self->x = 1;
	trace(self->y);	/* @line: 4 */
}
