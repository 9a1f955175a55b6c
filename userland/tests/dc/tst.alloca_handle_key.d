/* a handle as a key is its offset (8: the clause's first buffer) */
BEGIN
{
	p = (char *)alloca(4);
	@[p] = count();
	a[p] = 1;
	trace(a[p]);
	trace(a[8]);
}
