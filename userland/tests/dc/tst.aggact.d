/* the aggregation housekeeping actions of the DTrace guide */
syscall::read:entry
{
	@bytes[execname] = sum(arg2);
	@calls[execname] = count();
}

tick-1sec
{
	normalize(@bytes, 1024);
	printa(@bytes);
	trunc(@bytes, 5);
	trunc(@calls);
	clear(@bytes);
	denormalize(@bytes);
	setopt("aggsortrev");
	setopt("switchrate", "10hz");
}
