/* DTrace guide: several aggregations printed side by side, by key */
#pragma D option quiet

syscall::read:entry
{
	@calls[execname] = count();
	@bytes[execname] = sum(arg2);
}

tick-1s
{
	printa("%-16s %@8d %@12d\n", @calls, @bytes);
	printa(@calls, @bytes);
	exit(0);
}
