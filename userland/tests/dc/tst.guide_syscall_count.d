/* DTrace guide: system calls by program and by function */
syscall:::entry
{
	@byprog[execname] = count();
	@byfunc[probefunc] = count();
}
