/* stack()/ustack()/jstack() actions and stack aggregation keys */
#pragma D option ustackframes=8
#pragma D option jstackstrsize=100

BEGIN
{
	stack();
	stack(5);
	ustack();
	jstack(3);
	jstack(4, 20);
	@k[stack()] = count();
	@u[ustack(), execname] = count();
	@u[ustack(), execname] = count();
	@j[jstack(2)] = count();
}
