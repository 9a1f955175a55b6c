/*
 * alloca() and copyin() buffers kept in globals, thread-locals and array
 * elements (as handles) and dereferenced in the clause that made them;
 * trace() of one shows its offset (8 for the first buffer, as Linux
 * DTrace shows it); a char pointer into one is a string argument.  The
 * test world's user memory at 0x2000 holds "hello, world\n".
 */
BEGIN
{
	x = (char *)alloca(8);
	x[0] = 'a';
	x[1] = '/';
	x[2] = 'b';
	x[3] = 0;
	y = x + 1;
	trace(x);
	trace(stringof(x));
	trace(basename(x));
	trace(*y);
	trace(y[1]);
	trace(x == NULL);
}

BEGIN
{
	self->p = (int *)alloca(4);
	*self->p = 42;
	a[1] = (int *)alloca(8);
	a[1][1] = 7;
	c = (char *)copyin(0x2000, 5);
	trace(*self->p + a[1][1]);
	trace(c[4]);
	trace(stringof(c));
}

BEGIN
{
	/* the scratch of an earlier clause is gone: invalid address */
	trace(*self->p);
}
