/* += reads the variable first: it must exist (++ may create it) */
BEGIN
{
	self->n++;
	self->m += 2;	/* @line: 5 */
}
