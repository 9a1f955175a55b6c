/* speculation(), speculate(), commit(), discard(): the test world's
 * speculation() always gives 1 */
BEGIN
{
	self->spec = speculation();
	trace(self->spec);
}

BEGIN
/self->spec/
{
	speculate(self->spec);
	printf("speculative %d\n", 42);
	trace(pid > 0);
}

BEGIN
/self->spec/
{
	commit(self->spec);
	self->spec = 0;
}

BEGIN
/self->spec == 0/
{
	discard(1);
	trace(7);
}

BEGIN
{
	speculate(1);
	trace("speculated");
	discard(1);
}
