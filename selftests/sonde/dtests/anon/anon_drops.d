/*
 * The anonymous enabling of tst.anon_drops.sh: a record for each of
 * loop-getppid's calls, into a principal buffer far too small for them.
 */
#pragma D option quiet
#pragma D option bufsize=4k

syscall::getppid:entry
/execname == "loop-getppid"/
{
	printf("%d\n", n++);
}
