/* DTrace guide: write(2) sizes by program */
syscall::write:entry
{
	@[execname] = quantize(arg2);
}
