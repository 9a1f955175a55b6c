/* joined aggregations need the same keys */
syscall::read:entry
{
	@a[execname] = count();
	@b[pid] = count();
}

END
{
	printa("%s %@d %@d\n", @a, @b);
}
