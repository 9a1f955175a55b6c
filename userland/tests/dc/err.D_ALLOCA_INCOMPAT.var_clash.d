/* a variable holds alloca() pointers or others, never both */
/* @line: 4 (the clause, where DTrace reports it) */
/* @msg: a: cannot reuse the same identifier for both alloca and non-alloca allocations */
BEGIN
{
	a = (char *)alloca(1);
	b = (char *)arg0;
	a = NULL;
	a = b + 5;
}
