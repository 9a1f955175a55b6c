BEGIN
{
	self->s = "a";
	self->s++;	/* @line: 4 */
}
