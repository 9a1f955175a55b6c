/* one %@ per aggregation */
syscall::read:entry
{
	@a[execname] = count();
}

END
{
	printa("%s %@d %@d\n", @a);
}
