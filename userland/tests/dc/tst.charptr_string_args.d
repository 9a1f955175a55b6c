/*
 * A char pointer is a string to a const char * parameter, as DTrace's
 * dt_node_is_strcompat() has it: read where it points.
 */
BEGIN
{
	self->p = (char *)curthread->comm;
	trace(strlen(self->p));
	trace(strjoin(self->p, "!"));
	trace(index((const char *)self->p, "x"));
}
