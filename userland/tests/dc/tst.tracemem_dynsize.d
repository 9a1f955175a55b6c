/* tracemem(buf, N, dynsize): dynsize recorded before the N bytes */
syscall::write:entry
{
	tracemem(copyin(arg1, 16), 16, arg2);
	tracemem(copyin(arg1, 8), 8, 3);
}
