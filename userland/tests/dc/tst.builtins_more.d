/*
 * DTrace's inline constants (NULL, DTRACEFLT_*, signal numbers), caller,
 * ucaller, ipl, getmajor()/getminor() of a Linux dev_t, progenyof(),
 * rand() as a D int.  The test world's stacks are 0x1000, 0x1008 (user:
 * 0x2000, 0x2008), and it fires in a thread.
 */
BEGIN
{
	printf("%d %d %d %d %d %d\n", NULL, DTRACEFLT_BADADDR,
	    DTRACEFLT_NOSCRATCH, DTRACEFLT_LIBRARY, SIGKILL, SIGUSR1);
	printf("%x %x %d\n", caller, ucaller, ipl);
	printf("%d %d\n", getmajor((8 << 20) | 3), getminor(0x800003));
	printf("%d %d %d\n", progenyof($pid), progenyof(pid), progenyof(0));
	trace(sizeof(NULL));
	trace(sizeof(rand()));
}
