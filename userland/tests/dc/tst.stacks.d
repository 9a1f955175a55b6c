/* stack()/ustack() actions and stack aggregation keys */
#pragma D option ustackframes=8

BEGIN
{
	stack();
	stack(5);
	ustack();
	jstack(3);
	@k[stack()] = count();
	@u[ustack(), execname] = count();
	@u[ustack(), execname] = count();
}
