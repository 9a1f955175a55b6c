BEGIN
{
	printf("%s %d %d\n", execname, pid, timestamp);
	trace(probefunc);
	exit(3);
}
