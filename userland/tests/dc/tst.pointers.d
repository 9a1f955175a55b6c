/* pointers: dereference (kernel memory, fault-safe), scaled arithmetic,
 * the distance between two pointers, indexing */
BEGIN
{
	trace(*(int *)arg0);
	trace(*((int *)arg0 + 3));
	trace(((char *)arg0)[arg1]);
	trace((int *)arg0 - (int *)arg1);
	trace(**(long **)arg0);
	self->p = (uint16_t *)arg0;
	trace(self->p[2]);
	self->p++;
	trace(sizeof(copyin(arg0, 4)));
	/* huge constant offsets wrap in 64 bits, never overflow the
	 * compiler's own arithmetic */
	trace(*((int *)copyin(arg0, 8) + 0xffffffffffffffff));
	trace(*((int *)arg0 - 2147483647));
	trace(*((int *)arg0 + (uint32_t)0xffffffff));
}
