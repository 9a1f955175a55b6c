/* DTrace guide: per-second report of system calls */
#pragma D option quiet

syscall:::entry
{
	@calls[probefunc] = count();
}

tick-1sec
{
	printf("%Y\n", walltimestamp);
	printa("  %-20s %@8d\n", @calls);
}
