/*
 * The anonymous enabling of tst.anon_exec.sh: the programs run after the
 * module loaded, the calls they made, and END when the claimant stops.
 */
#pragma D option quiet

BEGIN
{
	printf("begin\n");
}

proc:::exec-success
/execname == "loop-getppid"/
{
	printf("exec %s\n", execname);
}

syscall::getppid:entry
/execname == "loop-getppid"/
{
	@calls = count();
}

END
{
	printf("end\n");
}
